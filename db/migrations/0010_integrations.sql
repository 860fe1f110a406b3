CREATE TABLE `dialogflow_integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pid` text NOT NULL,
	`phone_id` integer NOT NULL,
	`project_id` text NOT NULL,
	`language_code` text NOT NULL,
	`credentials` text NOT NULL,
	`client_email` text NOT NULL,
	`file_name` text NOT NULL,
	`last_error` text,
	`last_error_at` integer,
	`last_answer_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`phone_id`) REFERENCES `phones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dialogflow_integrations_phone_idx` ON `dialogflow_integrations` (`phone_id`);--> statement-breakpoint
CREATE INDEX `dialogflow_integrations_pid_idx` ON `dialogflow_integrations` (`pid`);--> statement-breakpoint
CREATE TABLE `dialogflow_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`integration_id` integer NOT NULL,
	`phone_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`chat_id` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_until` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`integration_id`) REFERENCES `dialogflow_integrations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dialogflow_requests_message_idx` ON `dialogflow_requests` (`message_id`);--> statement-breakpoint
CREATE INDEX `dialogflow_requests_due_idx` ON `dialogflow_requests` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `google_accounts` (
	`pid` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`refresh_token` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
