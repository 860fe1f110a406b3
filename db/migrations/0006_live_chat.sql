CREATE TABLE `live_canned_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`shortcut` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_canned_replies_pid_idx` ON `live_canned_replies` (`pid`,`shortcut`);--> statement-breakpoint
CREATE TABLE `live_conversations` (
	`phone_id` integer NOT NULL,
	`chat_jid` text NOT NULL,
	`pid` text NOT NULL,
	`state` text NOT NULL,
	`holder` text DEFAULT '' NOT NULL,
	`holder_email` text DEFAULT '' NOT NULL,
	`taken_at` integer,
	`closed_at` integer,
	`last_incoming_at` integer DEFAULT 0 NOT NULL,
	`unread` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`phone_id`, `chat_jid`),
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_conversations_pid_state_idx` ON `live_conversations` (`pid`,`state`,`updated_at`);--> statement-breakpoint
CREATE TABLE `live_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `live_events_pid_idx` ON `live_events` (`pid`,`id`);--> statement-breakpoint
CREATE TABLE `live_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone_id` integer NOT NULL,
	`chat_jid` text NOT NULL,
	`author_email` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_notes_chat_idx` ON `live_notes` (`phone_id`,`chat_jid`,`id`);