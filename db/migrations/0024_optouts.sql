CREATE TABLE `optout_settings` (
	`pid` text PRIMARY KEY NOT NULL,
	`words` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `optouts` (
	`pid` text NOT NULL,
	`number` text NOT NULL,
	`source` text NOT NULL,
	`phone_id` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`pid`, `number`),
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
