-- Ban protection is on by default for every number that can be banned this way (issue 26): existing
-- WhatsApp Web numbers get the default settings (a number linked before the status log existed starts at
-- the top of the ramp), and every new one gets them the moment it is created, whatever path creates it.
-- Official Cloud API numbers have no such risk and get no row (protection off, with its reason).
INSERT INTO `phone_protection` (`phone_id`, `enabled`, `updated_at`)
SELECT `id`, 1, `created_at` FROM `phones`
WHERE `engine` <> 'cloud' AND `id` NOT IN (SELECT `phone_id` FROM `phone_protection`);--> statement-breakpoint
CREATE TRIGGER `phones_protection_default` AFTER INSERT ON `phones` WHEN NEW.`engine` <> 'cloud' BEGIN
	INSERT OR IGNORE INTO `phone_protection` (`phone_id`, `enabled`, `updated_at`) VALUES (NEW.`id`, 1, NEW.`created_at`);
END;
