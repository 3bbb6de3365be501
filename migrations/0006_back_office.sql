CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`before` text,
	`after` text,
	`claim` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity`,`entity_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `message_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`message_id` integer NOT NULL,
	`staff_id` integer,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`staff_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `message_replies_message_idx` ON `message_replies` (`kind`,`message_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `role` text DEFAULT 'shopper' NOT NULL;--> statement-breakpoint
ALTER TABLE `reviews` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `reviews` ADD `hidden_reason` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `read_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_at` integer;--> statement-breakpoint
ALTER TABLE `enquiries` ADD `read_at` integer;--> statement-breakpoint
ALTER TABLE `enquiries` ADD `handled_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `courier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `shipped_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivered_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `refund_reference` text;--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`order_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
-- A hidden review leaves its product's rating count and sum; showing it again puts it back.
DROP TRIGGER `reviews_rating_ai`;
--> statement-breakpoint
CREATE TRIGGER `reviews_rating_ai` AFTER INSERT ON `reviews` WHEN new.`hidden` = 0 BEGIN
	UPDATE `products` SET `rating_count` = `rating_count` + 1, `rating_sum` = `rating_sum` + new.`rating` WHERE `id` = new.`product_id`;
END;
--> statement-breakpoint
DROP TRIGGER `reviews_rating_ad`;
--> statement-breakpoint
CREATE TRIGGER `reviews_rating_ad` AFTER DELETE ON `reviews` WHEN old.`hidden` = 0 BEGIN
	UPDATE `products` SET `rating_count` = `rating_count` - 1, `rating_sum` = `rating_sum` - old.`rating` WHERE `id` = old.`product_id`;
END;
--> statement-breakpoint
DROP TRIGGER `reviews_rating_au`;
--> statement-breakpoint
CREATE TRIGGER `reviews_rating_au` AFTER UPDATE OF `rating`, `product_id`, `hidden` ON `reviews` BEGIN
	UPDATE `products` SET `rating_count` = `rating_count` - 1, `rating_sum` = `rating_sum` - old.`rating` WHERE `id` = old.`product_id` AND old.`hidden` = 0;
	UPDATE `products` SET `rating_count` = `rating_count` + 1, `rating_sum` = `rating_sum` + new.`rating` WHERE `id` = new.`product_id` AND new.`hidden` = 0;
END;
