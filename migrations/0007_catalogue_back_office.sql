ALTER TABLE `products` ADD `archived_at` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `updated_at` integer;