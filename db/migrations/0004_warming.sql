CREATE TABLE `warming_phones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`phone_id` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`joined_at` integer NOT NULL,
	`next_at` integer NOT NULL,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`day` integer DEFAULT 0 NOT NULL,
	`sent_today` integer DEFAULT 0 NOT NULL,
	`sent_total` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `warming_phones_phone_idx` ON `warming_phones` (`phone_id`);--> statement-breakpoint
CREATE INDEX `warming_phones_due_idx` ON `warming_phones` (`status`,`next_at`);