ALTER TABLE `orders` ADD `checkout_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `claim` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `stock_held` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `from_cart` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `refund_due` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `access_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_checkout_key_idx` ON `orders` (`checkout_key`);--> statement-breakpoint
CREATE INDEX `orders_claim_idx` ON `orders` (`claim`);--> statement-breakpoint
CREATE INDEX `orders_coupon_user_idx` ON `orders` (`coupon_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `payment_events` ADD `claim` text;