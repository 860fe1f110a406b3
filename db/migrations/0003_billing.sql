CREATE TABLE `billing_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`subscription_id` text,
	`occurred_at` integer NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`applied_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`pid` text NOT NULL,
	`uid` integer NOT NULL,
	`provider` text NOT NULL,
	`plan_id` text NOT NULL,
	`quantity` integer NOT NULL,
	`amount` integer NOT NULL,
	`email` text NOT NULL,
	`company` text,
	`country` text,
	`postcode` text,
	`title` text,
	`message` text,
	`subscription_id` text,
	`status` text NOT NULL,
	`provider_ref` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `checkouts_pid_idx` ON `checkouts` (`pid`);--> statement-breakpoint
CREATE TABLE `footprints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` integer,
	`category` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`extra` text DEFAULT '{}' NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`uid`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `footprints_uid_idx` ON `footprints` (`uid`,`at`);--> statement-breakpoint
CREATE INDEX `footprints_category_idx` ON `footprints` (`category`,`at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` text NOT NULL,
	`pid` text NOT NULL,
	`txn_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`is_paid` integer NOT NULL,
	`quantity` integer NOT NULL,
	`receipt_url` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_txnId_unique` ON `payments` (`txn_id`);--> statement-breakpoint
CREATE INDEX `payments_sub_idx` ON `payments` (`subscription_id`,`id`);--> statement-breakpoint
CREATE TABLE `sandbox_clock` (
	`id` integer PRIMARY KEY NOT NULL,
	`offset_ms` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`pid` text NOT NULL,
	`uid` integer NOT NULL,
	`provider` text NOT NULL,
	`plan_id` text NOT NULL,
	`status` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`period_start` integer NOT NULL,
	`next_bill_date` integer,
	`scheduled_quantity` integer,
	`scheduled_phone_ids` text,
	`attempt_number` integer DEFAULT 0 NOT NULL,
	`next_retry_date` integer,
	`card` text,
	`email` text DEFAULT '' NOT NULL,
	`trial_type` text,
	`feedback` text,
	`event_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uid`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriptions_pid_idx` ON `subscriptions` (`pid`,`status`);--> statement-breakpoint
CREATE INDEX `subscriptions_due_idx` ON `subscriptions` (`status`,`next_bill_date`);