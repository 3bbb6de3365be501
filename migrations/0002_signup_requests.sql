ALTER TABLE `signup_codes` ADD `request_hash` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `signup_codes` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `signup_codes` ADD `mobile` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `signup_codes` ADD `password_hash` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `signup_codes_request_idx` ON `signup_codes` (`user_id`,`request_hash`);