CREATE TABLE `body_measurements` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`unit` text NOT NULL,
	`bust` real NOT NULL,
	`waist` real NOT NULL,
	`hip` real NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
