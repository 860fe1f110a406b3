CREATE TABLE `agent_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_sessions_agent_idx` ON `agent_sessions` (`agent_id`);--> statement-breakpoint
CREATE TABLE `agents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`email` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`surname` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`verified` integer DEFAULT false NOT NULL,
	`verify_token_hash` text,
	`verify_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agents_pid_email_idx` ON `agents` (`pid`,`email`);--> statement-breakpoint
CREATE INDEX `agents_email_idx` ON `agents` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `agents_verify_token_idx` ON `agents` (`verify_token_hash`);