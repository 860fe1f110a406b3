CREATE TABLE `message_chat_days` (
	`pid` text NOT NULL,
	`day` integer NOT NULL,
	`phone_id` integer NOT NULL,
	`chat_id` text NOT NULL,
	`direction` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`pid`, `day`, `phone_id`, `chat_id`, `direction`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `message_chat_days_chat_idx` ON `message_chat_days` (`pid`,`phone_id`,`chat_id`,`direction`,`day`);--> statement-breakpoint
DROP INDEX `messages_pid_time_idx`;--> statement-breakpoint
CREATE INDEX `live_conversations_holder_idx` ON `live_conversations` (`pid`,`holder_email`,`state`,`updated_at`,`taken_at`,`closed_at`);--> statement-breakpoint
CREATE INDEX `live_conversations_closed_idx` ON `live_conversations` (`pid`,`state`,`closed_at`);--> statement-breakpoint
CREATE INDEX `live_conversations_state_idx` ON `live_conversations` (`phone_id`,`chat_jid`,`state`);--> statement-breakpoint
INSERT INTO `message_chat_days` (`pid`, `day`, `phone_id`, `chat_id`, `direction`, `n`)
SELECT `pid`, `created_at` / 86400000, `phone_id`, `chat_id`, `direction`, count(*) FROM `messages` GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE TRIGGER `messages_chat_days_insert` AFTER INSERT ON `messages` BEGIN
	INSERT INTO `message_chat_days` (`pid`, `day`, `phone_id`, `chat_id`, `direction`, `n`)
	VALUES (NEW.`pid`, NEW.`created_at` / 86400000, NEW.`phone_id`, NEW.`chat_id`, NEW.`direction`, 1)
	ON CONFLICT (`pid`, `day`, `phone_id`, `chat_id`, `direction`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `phones_chat_days_delete` AFTER DELETE ON `phones` BEGIN
	DELETE FROM `message_chat_days` WHERE `pid` = OLD.`pid` AND `phone_id` = OLD.`id`;
END;
