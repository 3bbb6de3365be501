ALTER TABLE `products` ADD `rating_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `rating_sum` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every review write moves its product's count and sum in the same transaction, whoever writes it.
UPDATE `products` SET
	`rating_count` = (SELECT count(*) FROM `reviews` WHERE `reviews`.`product_id` = `products`.`id`),
	`rating_sum` = (SELECT coalesce(sum(`rating`), 0) FROM `reviews` WHERE `reviews`.`product_id` = `products`.`id`);
--> statement-breakpoint
CREATE TRIGGER `reviews_rating_ai` AFTER INSERT ON `reviews` BEGIN
	UPDATE `products` SET `rating_count` = `rating_count` + 1, `rating_sum` = `rating_sum` + new.`rating` WHERE `id` = new.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_rating_ad` AFTER DELETE ON `reviews` BEGIN
	UPDATE `products` SET `rating_count` = `rating_count` - 1, `rating_sum` = `rating_sum` - old.`rating` WHERE `id` = old.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `reviews_rating_au` AFTER UPDATE OF `rating`, `product_id` ON `reviews` BEGIN
	UPDATE `products` SET `rating_count` = `rating_count` - 1, `rating_sum` = `rating_sum` - old.`rating` WHERE `id` = old.`product_id`;
	UPDATE `products` SET `rating_count` = `rating_count` + 1, `rating_sum` = `rating_sum` + new.`rating` WHERE `id` = new.`product_id`;
END;
--> statement-breakpoint
-- The search row changes only with what it indexes, not with every rating.
DROP TRIGGER `products_search_au`;
--> statement-breakpoint
CREATE TRIGGER `products_search_au` AFTER UPDATE OF `name`, `description`, `category_id`, `fabric` ON `products` BEGIN
	DELETE FROM `product_search` WHERE `rowid` = old.`id`;
	INSERT INTO `product_search` (`rowid`, `name`, `description`, `category`, `fabric`, `colors`)
	VALUES (
		new.`id`, new.`name`, new.`description`,
		(SELECT `name` FROM `categories` WHERE `id` = new.`category_id`),
		new.`fabric`,
		(SELECT coalesce(group_concat(`name`, ' '), '') FROM `product_colors` WHERE `product_id` = new.`id`)
	);
END;
--> statement-breakpoint
-- The outbox now keeps a template and its parameters instead of bodies. Its old rows were local
-- development mail only (nothing was ever retried from them), so the table starts afresh.
DROP TABLE `mail_outbox`;
--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`template` text NOT NULL,
	`params` text NOT NULL,
	`subject` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_to_idx` ON `mail_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`status`,`next_attempt_at`);
