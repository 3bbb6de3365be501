CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`return_request_id` integer,
	`source` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`method` text NOT NULL,
	`reference` text NOT NULL,
	`credit_note_number` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`return_request_id`) REFERENCES `return_requests`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "refunds_amount_check" CHECK("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_credit_note_idx` ON `refunds` (`credit_note_number`);--> statement-breakpoint
CREATE TABLE `return_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`order_line_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`exchange_size_id` integer,
	`exchange_size` text,
	`open` integer DEFAULT true NOT NULL,
	`restocked` integer DEFAULT 0 NOT NULL,
	`written_off` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `return_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_line_id`) REFERENCES `order_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`exchange_size_id`) REFERENCES `product_sizes`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "return_lines_quantity_check" CHECK("return_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE INDEX `return_lines_request_idx` ON `return_lines` (`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `return_lines_open_line_idx` ON `return_lines` (`order_line_id`) WHERE "return_lines"."open" = 1;--> statement-breakpoint
CREATE TABLE `return_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`pickup_courier` text,
	`pickup_tracking` text,
	`decline_reason` text,
	`exchange_courier` text,
	`exchange_tracking` text,
	`approved_at` integer,
	`declined_at` integer,
	`received_at` integer,
	`closed_at` integer,
	`claim` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `return_requests_order_idx` ON `return_requests` (`order_id`);--> statement-breakpoint
CREATE INDEX `return_requests_status_idx` ON `return_requests` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `products` ADD `returnable` integer DEFAULT true NOT NULL;--> statement-breakpoint
INSERT INTO `refunds` (`order_id`, `source`, `amount_paise`, `method`, `reference`, `created_at`)
  SELECT `id`, CASE WHEN `order_status` = 'cancelled' THEN 'cancellation' ELSE 'late-payment' END, `total_paise`, 'original', coalesce(`refund_reference`, ''), `refunded_at`
  FROM `orders` WHERE `refunded_at` IS NOT NULL AND `total_paise` > 0;
