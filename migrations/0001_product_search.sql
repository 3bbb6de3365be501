-- Full-text search over products: name, description, category, fabric and colour names.
-- Kept in step with the catalogue by triggers, so every writer (seed, admin, scripts) stays correct.
CREATE VIRTUAL TABLE `product_search` USING fts5(
	`name`, `description`, `category`, `fabric`, `colors`,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3 4'
);
--> statement-breakpoint
CREATE TRIGGER `products_search_ai` AFTER INSERT ON `products` BEGIN
	INSERT INTO `product_search` (`rowid`, `name`, `description`, `category`, `fabric`, `colors`)
	VALUES (
		new.`id`, new.`name`, new.`description`,
		(SELECT `name` FROM `categories` WHERE `id` = new.`category_id`),
		new.`fabric`,
		(SELECT coalesce(group_concat(`name`, ' '), '') FROM `product_colors` WHERE `product_id` = new.`id`)
	);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_au` AFTER UPDATE ON `products` BEGIN
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
CREATE TRIGGER `products_search_ad` AFTER DELETE ON `products` BEGIN
	DELETE FROM `product_search` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_colors_search_ai` AFTER INSERT ON `product_colors` BEGIN
	UPDATE `product_search`
	SET `colors` = (SELECT coalesce(group_concat(`name`, ' '), '') FROM `product_colors` WHERE `product_id` = new.`product_id`)
	WHERE `rowid` = new.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_colors_search_ad` AFTER DELETE ON `product_colors` BEGIN
	UPDATE `product_search`
	SET `colors` = (SELECT coalesce(group_concat(`name`, ' '), '') FROM `product_colors` WHERE `product_id` = old.`product_id`)
	WHERE `rowid` = old.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_search_au` AFTER UPDATE OF `name` ON `categories` BEGIN
	UPDATE `product_search` SET `category` = new.`name`
	WHERE `rowid` IN (SELECT `id` FROM `products` WHERE `category_id` = new.`id`);
END;
