CREATE TABLE `staff_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`staff_uid` integer,
	`staff_email` text DEFAULT '' NOT NULL,
	`action` text NOT NULL,
	`target` text DEFAULT '' NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`staff_uid`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `staff_audit_at_idx` ON `staff_audit` (`at`);--> statement-breakpoint
CREATE INDEX `staff_audit_action_idx` ON `staff_audit` (`action`,`at`);