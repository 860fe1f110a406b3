CREATE TABLE `cloud_inbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone_id` integer NOT NULL,
	`kind` text NOT NULL,
	`event_id` text NOT NULL,
	`payload` text NOT NULL,
	`received_at` integer NOT NULL,
	`done_at` integer,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cloud_inbox_event_idx` ON `cloud_inbox` (`phone_id`,`kind`,`event_id`);--> statement-breakpoint
CREATE INDEX `cloud_inbox_pending_idx` ON `cloud_inbox` (`phone_id`,`done_at`,`id`);