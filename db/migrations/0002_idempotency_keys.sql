CREATE TABLE `idempotency_keys` (
	`pid` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`state` text NOT NULL,
	`msg_id` text,
	`chat_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`pid`, `key`)
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_idx` ON `idempotency_keys` (`created_at`);