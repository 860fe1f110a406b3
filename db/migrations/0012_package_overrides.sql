CREATE TABLE `package_overrides` (
	`pid` text PRIMARY KEY NOT NULL,
	`phone_delta` integer DEFAULT 0 NOT NULL,
	`agent_delta` integer DEFAULT 0 NOT NULL,
	`instagram_delta` integer DEFAULT 0 NOT NULL,
	`plan_id` text,
	`staff_uid` integer,
	`at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_uid`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `cart_recovery` (
	`uid` integer PRIMARY KEY NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`payment_failures` integer DEFAULT 0 NOT NULL,
	`checkout_closes` integer DEFAULT 0 NOT NULL,
	`checkout_success` integer DEFAULT 0 NOT NULL,
	`anchor_at` integer NOT NULL,
	`last_abandon_at` integer NOT NULL,
	`last_success_at` integer,
	`last_label` text NOT NULL,
	`plan_id` text,
	`price` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`risk_level` text NOT NULL,
	`status` text NOT NULL,
	`recovered_amount` integer DEFAULT 0 NOT NULL,
	`extra` text DEFAULT '{}' NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`unsubscribe_token` text NOT NULL,
	`unsubscribed_at` integer,
	`next_due_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`uid`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cart_recovery_last_idx` ON `cart_recovery` (`last_abandon_at`);--> statement-breakpoint
CREATE INDEX `cart_recovery_status_idx` ON `cart_recovery` (`status`,`last_abandon_at`);--> statement-breakpoint
CREATE INDEX `cart_recovery_risk_idx` ON `cart_recovery` (`risk_level`,`last_abandon_at`);--> statement-breakpoint
CREATE INDEX `cart_recovery_email_idx` ON `cart_recovery` (`email`);--> statement-breakpoint
CREATE INDEX `cart_recovery_due_idx` ON `cart_recovery` (`next_due_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `cart_recovery_token_idx` ON `cart_recovery` (`unsubscribe_token`);--> statement-breakpoint
CREATE TABLE `cart_recovery_cursor` (
	`id` integer PRIMARY KEY NOT NULL,
	`last_footprint_id` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cart_recovery_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` integer NOT NULL,
	`template` text NOT NULL,
	`step_key` text,
	`event` text DEFAULT '' NOT NULL,
	`source` text NOT NULL,
	`staff_email` text DEFAULT '' NOT NULL,
	`mail_id` integer,
	`checkout_url` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`uid`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_recovery_sends_step_idx` ON `cart_recovery_sends` (`uid`,`step_key`);--> statement-breakpoint
CREATE INDEX `cart_recovery_sends_uid_idx` ON `cart_recovery_sends` (`uid`,`at`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `discount_percent` integer;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `discount_code` text;