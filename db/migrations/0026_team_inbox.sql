CREATE TABLE `live_contacts` (
	`pid` text NOT NULL,
	`chat_jid` text NOT NULL,
	`name` text,
	`email` text,
	`attributes` text DEFAULT '{}' NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`pid`, `chat_jid`),
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `live_conversation_labels` (
	`phone_id` integer NOT NULL,
	`chat_jid` text NOT NULL,
	`label_id` integer NOT NULL,
	PRIMARY KEY(`phone_id`, `chat_jid`, `label_id`),
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`label_id`) REFERENCES `live_labels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_conversation_labels_label_idx` ON `live_conversation_labels` (`label_id`);--> statement-breakpoint
CREATE TABLE `live_labels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_labels_pid_name_idx` ON `live_labels` (`pid`,`name`);--> statement-breakpoint
CREATE TABLE `live_mentions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`holder` text NOT NULL,
	`note_id` integer NOT NULL,
	`phone_id` integer NOT NULL,
	`chat_jid` text NOT NULL,
	`by_email` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`note_id`) REFERENCES `live_notes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_mentions_holder_idx` ON `live_mentions` (`pid`,`holder`,`id`);--> statement-breakpoint
CREATE TABLE `live_presence` (
	`pid` text NOT NULL,
	`holder` text NOT NULL,
	`status` text NOT NULL,
	`streams` integer DEFAULT 0 NOT NULL,
	`last_assigned_at` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`pid`, `holder`),
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `live_settings` (
	`pid` text PRIMARY KEY NOT NULL,
	`auto_assign` text DEFAULT 'off' NOT NULL,
	`max_open_per_agent` integer DEFAULT 10 NOT NULL,
	`csat` integer DEFAULT false NOT NULL,
	`away_message` text DEFAULT '' NOT NULL,
	`business_hours` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `live_threads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`phone_id` integer NOT NULL,
	`chat_jid` text NOT NULL,
	`created_at` integer NOT NULL,
	`first_response_at` integer,
	`first_responder` text,
	`closed_at` integer,
	`closer` text,
	`participants` text DEFAULT '[]' NOT NULL,
	`away_sent_at` integer,
	`csat_asked_at` integer,
	`csat_rating` integer,
	`csat_at` integer,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_threads_chat_idx` ON `live_threads` (`phone_id`,`chat_jid`,`id`);--> statement-breakpoint
CREATE INDEX `live_threads_created_idx` ON `live_threads` (`pid`,`created_at`);--> statement-breakpoint
CREATE INDEX `live_threads_closed_idx` ON `live_threads` (`pid`,`closed_at`);--> statement-breakpoint
ALTER TABLE `live_conversations` ADD `priority` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `live_conversations` ADD `snoozed_until` integer;--> statement-breakpoint
ALTER TABLE `live_conversations` ADD `thread_id` integer;--> statement-breakpoint
CREATE INDEX `live_conversations_snooze_idx` ON `live_conversations` (`state`,`snoozed_until`);