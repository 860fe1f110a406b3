CREATE TABLE `phone_protection` (
	`phone_id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`ramp_start` integer DEFAULT 20 NOT NULL,
	`ramp_step` integer DEFAULT 20 NOT NULL,
	`ramp_max` integer DEFAULT 250 NOT NULL,
	`unanswered_limit` integer DEFAULT 300 NOT NULL,
	`on_limit` text DEFAULT 'hold' NOT NULL,
	`new_chats_state` text DEFAULT 'ok' NOT NULL,
	`unanswered_state` text DEFAULT 'ok' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `opened_at` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `answered_at` integer;--> statement-breakpoint
CREATE INDEX `messages_opened_idx` ON `messages` (`phone_id`,`opened_at`) WHERE opened_at is not null;--> statement-breakpoint
CREATE INDEX `messages_unanswered_idx` ON `messages` (`phone_id`,`opened_at`) WHERE opened_at is not null and answered_at is null;