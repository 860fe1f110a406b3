-- Reports rollup (issue 42): live_report_counts and live_report_hist, kept by the triggers below on
-- every insert, update and delete of live_threads (so every path that writes a thread keeps them exact),
-- then filled from the threads already there. Buckets are bucketSql() of src/services/inbox/percentiles.ts
-- over `s` (seconds); day = ms / 86400000; month = year * 12 + month - 1 (UTC). An update moves only
-- what changed: created_at or pid moves everything, the other triggers one part each.
-- Both tables are WITHOUT ROWID, added by hand to drizzle-kit's CREATE TABLE (drizzle cannot declare
-- it): a report scans their primary keys in order, 4-5x faster than through a rowid table's index.
CREATE TABLE `live_report_counts` (
	`pid` text NOT NULL,
	`day` integer NOT NULL,
	`holder` text NOT NULL,
	`opened` integer DEFAULT 0 NOT NULL,
	`took` integer DEFAULT 0 NOT NULL,
	`answered` integer DEFAULT 0 NOT NULL,
	`resolved` integer DEFAULT 0 NOT NULL,
	`csat_n` integer DEFAULT 0 NOT NULL,
	`csat_sum` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`pid`, `day`, `holder`),
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `live_report_hist` (
	`pid` text NOT NULL,
	`metric` text NOT NULL,
	`grain` text NOT NULL,
	`holder` text NOT NULL,
	`period` integer NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`pid`, `metric`, `grain`, `holder`, `period`, `bucket`),
	FOREIGN KEY (`pid`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
DROP INDEX `live_threads_created_idx`;--> statement-breakpoint
DROP INDEX `live_threads_closed_idx`;--> statement-breakpoint
CREATE INDEX `live_threads_contact_idx` ON `live_threads` (`pid`,`chat_jid`,`id`);--> statement-breakpoint
CREATE INDEX `live_threads_closed_idx` ON `live_threads` (`pid`,`closed_at`);--> statement-breakpoint
CREATE TRIGGER `live_threads_report_insert` AFTER INSERT ON `live_threads` BEGIN
	INSERT INTO `live_report_counts` (`pid`, `day`, `holder`, `opened`, `took`, `answered`, `resolved`, `csat_n`, `csat_sum`)
		SELECT * FROM (SELECT NEW.`pid`, NEW.`created_at` / 86400000, '*', 1, 0, 0, 0, 0, 0
		UNION ALL SELECT NEW.`pid`, NEW.`created_at` / 86400000, p.`value`, 0, count(*), 0, 0, 0, 0 FROM json_each(NEW.`participants`) p WHERE p.`value` IS NOT NULL GROUP BY p.`value`
		UNION ALL SELECT NEW.`pid`, NEW.`created_at` / 86400000, NEW.`first_responder`, 0, 0, 1, 0, 0, 0 WHERE NEW.`first_response_at` IS NOT NULL AND NEW.`first_responder` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, NEW.`closed_at` / 86400000, '*', 0, 0, 0, 0, 1, NEW.`csat_rating` WHERE NEW.`closed_at` IS NOT NULL AND NEW.`csat_rating` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, NEW.`closed_at` / 86400000, NEW.`closer`, 0, 0, 0, 1, (NEW.`csat_rating` IS NOT NULL), coalesce(NEW.`csat_rating`, 0) WHERE NEW.`closed_at` IS NOT NULL AND NEW.`closer` IS NOT NULL) WHERE true
		ON CONFLICT (`pid`, `day`, `holder`) DO UPDATE SET `opened` = `opened` + excluded.`opened`, `took` = `took` + excluded.`took`, `answered` = `answered` + excluded.`answered`, `resolved` = `resolved` + excluded.`resolved`, `csat_n` = `csat_n` + excluded.`csat_n`, `csat_sum` = `csat_sum` + excluded.`csat_sum`;
	INSERT INTO `live_report_hist` (`pid`, `metric`, `grain`, `holder`, `period`, `bucket`, `n`)
		SELECT h.`pid`, h.`metric`, h.`grain`, h.`holder`, h.`period`, case when h.`s` < 100 then h.`s` when h.`s` < 1000 then h.`s` / 10 * 10 when h.`s` < 10000 then h.`s` / 100 * 100 when h.`s` < 100000 then h.`s` / 1000 * 1000 when h.`s` < 1000000 then h.`s` / 10000 * 10000 else h.`s` / 100000 * 100000 end, h.`n` FROM (
		SELECT NEW.`pid` AS `pid`, 'first' AS `metric`, 'd' AS `grain`, '*' AS `holder`, NEW.`created_at` / 86400000 AS `period`, (NEW.`first_response_at` - NEW.`created_at`) / 1000 AS `s`, 1 AS `n` WHERE NEW.`first_response_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'm', '*', (CAST(strftime('%Y', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'd', NEW.`first_responder`, NEW.`created_at` / 86400000, (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL AND NEW.`first_responder` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'm', NEW.`first_responder`, (CAST(strftime('%Y', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL AND NEW.`first_responder` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'resolve', 'd', '*', NEW.`closed_at` / 86400000, (NEW.`closed_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`closed_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'resolve', 'm', '*', (CAST(strftime('%Y', NEW.`closed_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', NEW.`closed_at` / 1000, 'unixepoch') AS INTEGER) - 1), (NEW.`closed_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`closed_at` IS NOT NULL) h WHERE true
		ON CONFLICT (`pid`, `metric`, `grain`, `holder`, `period`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `live_threads_report_delete` AFTER DELETE ON `live_threads` BEGIN
	UPDATE `live_report_counts` SET `opened` = `opened` - 1 WHERE `pid` = OLD.`pid` AND `day` = OLD.`created_at` / 86400000 AND `holder` = '*';
	UPDATE `live_report_counts` SET `answered` = `answered` - 1 WHERE `pid` = OLD.`pid` AND `day` = OLD.`created_at` / 86400000 AND `holder` = OLD.`first_responder` AND OLD.`first_response_at` IS NOT NULL;
	UPDATE `live_report_hist` SET `n` = `n` - 1 WHERE `pid` = OLD.`pid` AND `metric` = 'first' AND `grain` = 'd' AND `holder` = '*' AND `period` = OLD.`created_at` / 86400000 AND `bucket` = (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (OLD.`first_response_at` - OLD.`created_at`) / 1000 AS `s`));
	UPDATE `live_report_hist` SET `n` = `n` - 1 WHERE `pid` = OLD.`pid` AND `metric` = 'first' AND `grain` = 'm' AND `holder` = '*' AND `period` = (CAST(strftime('%Y', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1) AND `bucket` = (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (OLD.`first_response_at` - OLD.`created_at`) / 1000 AS `s`));
	UPDATE `live_report_hist` SET `n` = `n` - 1 WHERE `pid` = OLD.`pid` AND `metric` = 'first' AND `grain` = 'd' AND `holder` = OLD.`first_responder` AND `period` = OLD.`created_at` / 86400000 AND `bucket` = (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (OLD.`first_response_at` - OLD.`created_at`) / 1000 AS `s`));
	UPDATE `live_report_hist` SET `n` = `n` - 1 WHERE `pid` = OLD.`pid` AND `metric` = 'first' AND `grain` = 'm' AND `holder` = OLD.`first_responder` AND `period` = (CAST(strftime('%Y', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1) AND `bucket` = (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (OLD.`first_response_at` - OLD.`created_at`) / 1000 AS `s`));
	UPDATE `live_report_counts` SET `took` = `took` - (SELECT count(*) FROM json_each(OLD.`participants`) p WHERE p.`value` = `live_report_counts`.`holder`) WHERE `pid` = OLD.`pid` AND `day` = OLD.`created_at` / 86400000 AND `holder` IN (SELECT p.`value` FROM json_each(OLD.`participants`) p);
	UPDATE `live_report_counts` SET `csat_n` = `csat_n` - 1, `csat_sum` = `csat_sum` - OLD.`csat_rating` WHERE `pid` = OLD.`pid` AND `day` = OLD.`closed_at` / 86400000 AND `holder` = '*' AND OLD.`csat_rating` IS NOT NULL;
	UPDATE `live_report_counts` SET `resolved` = `resolved` - 1, `csat_n` = `csat_n` - (OLD.`csat_rating` IS NOT NULL), `csat_sum` = `csat_sum` - coalesce(OLD.`csat_rating`, 0) WHERE `pid` = OLD.`pid` AND `day` = OLD.`closed_at` / 86400000 AND `holder` = OLD.`closer`;
	UPDATE `live_report_hist` SET `n` = `n` - 1 WHERE `pid` = OLD.`pid` AND `metric` = 'resolve' AND `grain` = 'd' AND `holder` = '*' AND `period` = OLD.`closed_at` / 86400000 AND `bucket` = (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (OLD.`closed_at` - OLD.`created_at`) / 1000 AS `s`));
	UPDATE `live_report_hist` SET `n` = `n` - 1 WHERE `pid` = OLD.`pid` AND `metric` = 'resolve' AND `grain` = 'm' AND `holder` = '*' AND `period` = (CAST(strftime('%Y', OLD.`closed_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', OLD.`closed_at` / 1000, 'unixepoch') AS INTEGER) - 1) AND `bucket` = (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (OLD.`closed_at` - OLD.`created_at`) / 1000 AS `s`));
END;
--> statement-breakpoint
CREATE TRIGGER `live_threads_report_move` AFTER UPDATE OF `pid`, `created_at` ON `live_threads` WHEN (OLD.`pid` IS NOT NEW.`pid` OR OLD.`created_at` IS NOT NEW.`created_at`) BEGIN
	INSERT INTO `live_report_counts` (`pid`, `day`, `holder`, `opened`, `took`, `answered`, `resolved`, `csat_n`, `csat_sum`)
		SELECT * FROM (SELECT OLD.`pid`, OLD.`created_at` / 86400000, '*', -1, 0, 0, 0, 0, 0
		UNION ALL SELECT OLD.`pid`, OLD.`created_at` / 86400000, p.`value`, 0, -1 * count(*), 0, 0, 0, 0 FROM json_each(OLD.`participants`) p WHERE p.`value` IS NOT NULL GROUP BY p.`value`
		UNION ALL SELECT OLD.`pid`, OLD.`created_at` / 86400000, OLD.`first_responder`, 0, 0, -1, 0, 0, 0 WHERE OLD.`first_response_at` IS NOT NULL AND OLD.`first_responder` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, OLD.`closed_at` / 86400000, '*', 0, 0, 0, 0, -1, -1 * OLD.`csat_rating` WHERE OLD.`closed_at` IS NOT NULL AND OLD.`csat_rating` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, OLD.`closed_at` / 86400000, OLD.`closer`, 0, 0, 0, -1, -1 * (OLD.`csat_rating` IS NOT NULL), -1 * coalesce(OLD.`csat_rating`, 0) WHERE OLD.`closed_at` IS NOT NULL AND OLD.`closer` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, NEW.`created_at` / 86400000, '*', 1, 0, 0, 0, 0, 0
		UNION ALL SELECT NEW.`pid`, NEW.`created_at` / 86400000, p.`value`, 0, count(*), 0, 0, 0, 0 FROM json_each(NEW.`participants`) p WHERE p.`value` IS NOT NULL GROUP BY p.`value`
		UNION ALL SELECT NEW.`pid`, NEW.`created_at` / 86400000, NEW.`first_responder`, 0, 0, 1, 0, 0, 0 WHERE NEW.`first_response_at` IS NOT NULL AND NEW.`first_responder` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, NEW.`closed_at` / 86400000, '*', 0, 0, 0, 0, 1, NEW.`csat_rating` WHERE NEW.`closed_at` IS NOT NULL AND NEW.`csat_rating` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, NEW.`closed_at` / 86400000, NEW.`closer`, 0, 0, 0, 1, (NEW.`csat_rating` IS NOT NULL), coalesce(NEW.`csat_rating`, 0) WHERE NEW.`closed_at` IS NOT NULL AND NEW.`closer` IS NOT NULL) WHERE true
		ON CONFLICT (`pid`, `day`, `holder`) DO UPDATE SET `opened` = `opened` + excluded.`opened`, `took` = `took` + excluded.`took`, `answered` = `answered` + excluded.`answered`, `resolved` = `resolved` + excluded.`resolved`, `csat_n` = `csat_n` + excluded.`csat_n`, `csat_sum` = `csat_sum` + excluded.`csat_sum`;
	INSERT INTO `live_report_hist` (`pid`, `metric`, `grain`, `holder`, `period`, `bucket`, `n`)
		SELECT h.`pid`, h.`metric`, h.`grain`, h.`holder`, h.`period`, case when h.`s` < 100 then h.`s` when h.`s` < 1000 then h.`s` / 10 * 10 when h.`s` < 10000 then h.`s` / 100 * 100 when h.`s` < 100000 then h.`s` / 1000 * 1000 when h.`s` < 1000000 then h.`s` / 10000 * 10000 else h.`s` / 100000 * 100000 end, h.`n` FROM (
		SELECT OLD.`pid` AS `pid`, 'first' AS `metric`, 'd' AS `grain`, '*' AS `holder`, OLD.`created_at` / 86400000 AS `period`, (OLD.`first_response_at` - OLD.`created_at`) / 1000 AS `s`, -1 AS `n` WHERE OLD.`first_response_at` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, 'first', 'm', '*', (CAST(strftime('%Y', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (OLD.`first_response_at` - OLD.`created_at`) / 1000, -1 WHERE OLD.`first_response_at` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, 'first', 'd', OLD.`first_responder`, OLD.`created_at` / 86400000, (OLD.`first_response_at` - OLD.`created_at`) / 1000, -1 WHERE OLD.`first_response_at` IS NOT NULL AND OLD.`first_responder` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, 'first', 'm', OLD.`first_responder`, (CAST(strftime('%Y', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (OLD.`first_response_at` - OLD.`created_at`) / 1000, -1 WHERE OLD.`first_response_at` IS NOT NULL AND OLD.`first_responder` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, 'resolve', 'd', '*', OLD.`closed_at` / 86400000, (OLD.`closed_at` - OLD.`created_at`) / 1000, -1 WHERE OLD.`closed_at` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, 'resolve', 'm', '*', (CAST(strftime('%Y', OLD.`closed_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', OLD.`closed_at` / 1000, 'unixepoch') AS INTEGER) - 1), (OLD.`closed_at` - OLD.`created_at`) / 1000, -1 WHERE OLD.`closed_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'd', '*', NEW.`created_at` / 86400000, (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'm', '*', (CAST(strftime('%Y', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'd', NEW.`first_responder`, NEW.`created_at` / 86400000, (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL AND NEW.`first_responder` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'm', NEW.`first_responder`, (CAST(strftime('%Y', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL AND NEW.`first_responder` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'resolve', 'd', '*', NEW.`closed_at` / 86400000, (NEW.`closed_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`closed_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'resolve', 'm', '*', (CAST(strftime('%Y', NEW.`closed_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', NEW.`closed_at` / 1000, 'unixepoch') AS INTEGER) - 1), (NEW.`closed_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`closed_at` IS NOT NULL) h WHERE true
		ON CONFLICT (`pid`, `metric`, `grain`, `holder`, `period`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `live_threads_report_first` AFTER UPDATE OF `first_response_at`, `first_responder` ON `live_threads` WHEN OLD.`pid` IS NEW.`pid` AND OLD.`created_at` IS NEW.`created_at` AND (OLD.`first_response_at` IS NOT NEW.`first_response_at` OR OLD.`first_responder` IS NOT NEW.`first_responder`) BEGIN
	INSERT INTO `live_report_counts` (`pid`, `day`, `holder`, `opened`, `took`, `answered`, `resolved`, `csat_n`, `csat_sum`)
		SELECT * FROM (SELECT OLD.`pid`, OLD.`created_at` / 86400000, OLD.`first_responder`, 0, 0, -1, 0, 0, 0 WHERE OLD.`first_response_at` IS NOT NULL AND OLD.`first_responder` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, NEW.`created_at` / 86400000, NEW.`first_responder`, 0, 0, 1, 0, 0, 0 WHERE NEW.`first_response_at` IS NOT NULL AND NEW.`first_responder` IS NOT NULL) WHERE true
		ON CONFLICT (`pid`, `day`, `holder`) DO UPDATE SET `opened` = `opened` + excluded.`opened`, `took` = `took` + excluded.`took`, `answered` = `answered` + excluded.`answered`, `resolved` = `resolved` + excluded.`resolved`, `csat_n` = `csat_n` + excluded.`csat_n`, `csat_sum` = `csat_sum` + excluded.`csat_sum`;
	INSERT INTO `live_report_hist` (`pid`, `metric`, `grain`, `holder`, `period`, `bucket`, `n`)
		SELECT h.`pid`, h.`metric`, h.`grain`, h.`holder`, h.`period`, case when h.`s` < 100 then h.`s` when h.`s` < 1000 then h.`s` / 10 * 10 when h.`s` < 10000 then h.`s` / 100 * 100 when h.`s` < 100000 then h.`s` / 1000 * 1000 when h.`s` < 1000000 then h.`s` / 10000 * 10000 else h.`s` / 100000 * 100000 end, h.`n` FROM (
		SELECT OLD.`pid` AS `pid`, 'first' AS `metric`, 'd' AS `grain`, '*' AS `holder`, OLD.`created_at` / 86400000 AS `period`, (OLD.`first_response_at` - OLD.`created_at`) / 1000 AS `s`, -1 AS `n` WHERE OLD.`first_response_at` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, 'first', 'm', '*', (CAST(strftime('%Y', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (OLD.`first_response_at` - OLD.`created_at`) / 1000, -1 WHERE OLD.`first_response_at` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, 'first', 'd', OLD.`first_responder`, OLD.`created_at` / 86400000, (OLD.`first_response_at` - OLD.`created_at`) / 1000, -1 WHERE OLD.`first_response_at` IS NOT NULL AND OLD.`first_responder` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, 'first', 'm', OLD.`first_responder`, (CAST(strftime('%Y', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', OLD.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (OLD.`first_response_at` - OLD.`created_at`) / 1000, -1 WHERE OLD.`first_response_at` IS NOT NULL AND OLD.`first_responder` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'd', '*', NEW.`created_at` / 86400000, (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'm', '*', (CAST(strftime('%Y', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'd', NEW.`first_responder`, NEW.`created_at` / 86400000, (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL AND NEW.`first_responder` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'first', 'm', NEW.`first_responder`, (CAST(strftime('%Y', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', NEW.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1), (NEW.`first_response_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`first_response_at` IS NOT NULL AND NEW.`first_responder` IS NOT NULL) h WHERE true
		ON CONFLICT (`pid`, `metric`, `grain`, `holder`, `period`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `live_threads_report_took` AFTER UPDATE OF `participants` ON `live_threads` WHEN OLD.`pid` IS NEW.`pid` AND OLD.`created_at` IS NEW.`created_at` AND (OLD.`participants` IS NOT NEW.`participants`) BEGIN
	INSERT INTO `live_report_counts` (`pid`, `day`, `holder`, `opened`, `took`, `answered`, `resolved`, `csat_n`, `csat_sum`)
		SELECT * FROM (SELECT OLD.`pid`, OLD.`created_at` / 86400000, p.`value`, 0, -1 * count(*), 0, 0, 0, 0 FROM json_each(OLD.`participants`) p WHERE p.`value` IS NOT NULL GROUP BY p.`value`
		UNION ALL SELECT NEW.`pid`, NEW.`created_at` / 86400000, p.`value`, 0, count(*), 0, 0, 0, 0 FROM json_each(NEW.`participants`) p WHERE p.`value` IS NOT NULL GROUP BY p.`value`) WHERE true
		ON CONFLICT (`pid`, `day`, `holder`) DO UPDATE SET `opened` = `opened` + excluded.`opened`, `took` = `took` + excluded.`took`, `answered` = `answered` + excluded.`answered`, `resolved` = `resolved` + excluded.`resolved`, `csat_n` = `csat_n` + excluded.`csat_n`, `csat_sum` = `csat_sum` + excluded.`csat_sum`;
END;
--> statement-breakpoint
CREATE TRIGGER `live_threads_report_closed` AFTER UPDATE OF `closed_at`, `closer`, `csat_rating` ON `live_threads` WHEN OLD.`pid` IS NEW.`pid` AND OLD.`created_at` IS NEW.`created_at` AND (OLD.`closed_at` IS NOT NEW.`closed_at` OR OLD.`closer` IS NOT NEW.`closer` OR OLD.`csat_rating` IS NOT NEW.`csat_rating`) BEGIN
	INSERT INTO `live_report_counts` (`pid`, `day`, `holder`, `opened`, `took`, `answered`, `resolved`, `csat_n`, `csat_sum`)
		SELECT * FROM (SELECT OLD.`pid`, OLD.`closed_at` / 86400000, '*', 0, 0, 0, 0, -1, -1 * OLD.`csat_rating` WHERE OLD.`closed_at` IS NOT NULL AND OLD.`csat_rating` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, OLD.`closed_at` / 86400000, OLD.`closer`, 0, 0, 0, -1, -1 * (OLD.`csat_rating` IS NOT NULL), -1 * coalesce(OLD.`csat_rating`, 0) WHERE OLD.`closed_at` IS NOT NULL AND OLD.`closer` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, NEW.`closed_at` / 86400000, '*', 0, 0, 0, 0, 1, NEW.`csat_rating` WHERE NEW.`closed_at` IS NOT NULL AND NEW.`csat_rating` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, NEW.`closed_at` / 86400000, NEW.`closer`, 0, 0, 0, 1, (NEW.`csat_rating` IS NOT NULL), coalesce(NEW.`csat_rating`, 0) WHERE NEW.`closed_at` IS NOT NULL AND NEW.`closer` IS NOT NULL) WHERE true
		ON CONFLICT (`pid`, `day`, `holder`) DO UPDATE SET `opened` = `opened` + excluded.`opened`, `took` = `took` + excluded.`took`, `answered` = `answered` + excluded.`answered`, `resolved` = `resolved` + excluded.`resolved`, `csat_n` = `csat_n` + excluded.`csat_n`, `csat_sum` = `csat_sum` + excluded.`csat_sum`;
	INSERT INTO `live_report_hist` (`pid`, `metric`, `grain`, `holder`, `period`, `bucket`, `n`)
		SELECT h.`pid`, h.`metric`, h.`grain`, h.`holder`, h.`period`, case when h.`s` < 100 then h.`s` when h.`s` < 1000 then h.`s` / 10 * 10 when h.`s` < 10000 then h.`s` / 100 * 100 when h.`s` < 100000 then h.`s` / 1000 * 1000 when h.`s` < 1000000 then h.`s` / 10000 * 10000 else h.`s` / 100000 * 100000 end, h.`n` FROM (
		SELECT OLD.`pid` AS `pid`, 'resolve' AS `metric`, 'd' AS `grain`, '*' AS `holder`, OLD.`closed_at` / 86400000 AS `period`, (OLD.`closed_at` - OLD.`created_at`) / 1000 AS `s`, -1 AS `n` WHERE OLD.`closed_at` IS NOT NULL
		UNION ALL SELECT OLD.`pid`, 'resolve', 'm', '*', (CAST(strftime('%Y', OLD.`closed_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', OLD.`closed_at` / 1000, 'unixepoch') AS INTEGER) - 1), (OLD.`closed_at` - OLD.`created_at`) / 1000, -1 WHERE OLD.`closed_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'resolve', 'd', '*', NEW.`closed_at` / 86400000, (NEW.`closed_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`closed_at` IS NOT NULL
		UNION ALL SELECT NEW.`pid`, 'resolve', 'm', '*', (CAST(strftime('%Y', NEW.`closed_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', NEW.`closed_at` / 1000, 'unixepoch') AS INTEGER) - 1), (NEW.`closed_at` - NEW.`created_at`) / 1000, 1 WHERE NEW.`closed_at` IS NOT NULL) h WHERE true
		ON CONFLICT (`pid`, `metric`, `grain`, `holder`, `period`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
-- The rollup of the threads already there.
INSERT INTO `live_report_counts` (`pid`, `day`, `holder`, `opened`, `took`, `answered`, `resolved`, `csat_n`, `csat_sum`)
SELECT `pid`, `day`, `holder`, sum(`opened`), sum(`took`), sum(`answered`), sum(`resolved`), sum(`csat_n`), sum(`csat_sum`) FROM (
	SELECT t.`pid`, t.`created_at` / 86400000 AS `day`, '*' AS `holder`, 1 AS `opened`, 0 AS `took`, 0 AS `answered`, 0 AS `resolved`, 0 AS `csat_n`, 0 AS `csat_sum` FROM `live_threads` t
	UNION ALL SELECT t.`pid`, t.`created_at` / 86400000, p.`value`, 0, 1, 0, 0, 0, 0 FROM `live_threads` t, json_each(t.`participants`) p WHERE p.`value` IS NOT NULL
	UNION ALL SELECT t.`pid`, t.`created_at` / 86400000, t.`first_responder`, 0, 0, 1, 0, 0, 0 FROM `live_threads` t WHERE t.`first_response_at` IS NOT NULL AND t.`first_responder` IS NOT NULL
	UNION ALL SELECT t.`pid`, t.`closed_at` / 86400000, '*', 0, 0, 0, 0, 1, t.`csat_rating` FROM `live_threads` t WHERE t.`closed_at` IS NOT NULL AND t.`csat_rating` IS NOT NULL
	UNION ALL SELECT t.`pid`, t.`closed_at` / 86400000, t.`closer`, 0, 0, 0, 1, t.`csat_rating` IS NOT NULL, coalesce(t.`csat_rating`, 0) FROM `live_threads` t WHERE t.`closed_at` IS NOT NULL AND t.`closer` IS NOT NULL
) GROUP BY `pid`, `day`, `holder`;
--> statement-breakpoint
INSERT INTO `live_report_hist` (`pid`, `metric`, `grain`, `holder`, `period`, `bucket`, `n`)
SELECT `pid`, `metric`, `grain`, `holder`, `period`, `bucket`, count(*) FROM (
	SELECT t.`pid` AS `pid`, 'first' AS `metric`, 'd' AS `grain`, '*' AS `holder`, t.`created_at` / 86400000 AS `period`, (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (t.`first_response_at` - t.`created_at`) / 1000 AS `s`)) AS `bucket` FROM `live_threads` t WHERE t.`first_response_at` IS NOT NULL
	UNION ALL SELECT t.`pid` AS `pid`, 'first' AS `metric`, 'm' AS `grain`, '*' AS `holder`, (CAST(strftime('%Y', t.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', t.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1) AS `period`, (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (t.`first_response_at` - t.`created_at`) / 1000 AS `s`)) AS `bucket` FROM `live_threads` t WHERE t.`first_response_at` IS NOT NULL
	UNION ALL SELECT t.`pid` AS `pid`, 'first' AS `metric`, 'd' AS `grain`, t.`first_responder` AS `holder`, t.`created_at` / 86400000 AS `period`, (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (t.`first_response_at` - t.`created_at`) / 1000 AS `s`)) AS `bucket` FROM `live_threads` t WHERE t.`first_response_at` IS NOT NULL AND t.`first_responder` IS NOT NULL
	UNION ALL SELECT t.`pid` AS `pid`, 'first' AS `metric`, 'm' AS `grain`, t.`first_responder` AS `holder`, (CAST(strftime('%Y', t.`created_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', t.`created_at` / 1000, 'unixepoch') AS INTEGER) - 1) AS `period`, (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (t.`first_response_at` - t.`created_at`) / 1000 AS `s`)) AS `bucket` FROM `live_threads` t WHERE t.`first_response_at` IS NOT NULL AND t.`first_responder` IS NOT NULL
	UNION ALL SELECT t.`pid` AS `pid`, 'resolve' AS `metric`, 'd' AS `grain`, '*' AS `holder`, t.`closed_at` / 86400000 AS `period`, (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (t.`closed_at` - t.`created_at`) / 1000 AS `s`)) AS `bucket` FROM `live_threads` t WHERE t.`closed_at` IS NOT NULL
	UNION ALL SELECT t.`pid` AS `pid`, 'resolve' AS `metric`, 'm' AS `grain`, '*' AS `holder`, (CAST(strftime('%Y', t.`closed_at` / 1000, 'unixepoch') AS INTEGER) * 12 + CAST(strftime('%m', t.`closed_at` / 1000, 'unixepoch') AS INTEGER) - 1) AS `period`, (SELECT case when `s` < 100 then `s` when `s` < 1000 then `s` / 10 * 10 when `s` < 10000 then `s` / 100 * 100 when `s` < 100000 then `s` / 1000 * 1000 when `s` < 1000000 then `s` / 10000 * 10000 else `s` / 100000 * 100000 end FROM (SELECT (t.`closed_at` - t.`created_at`) / 1000 AS `s`)) AS `bucket` FROM `live_threads` t WHERE t.`closed_at` IS NOT NULL
) GROUP BY `pid`, `metric`, `grain`, `holder`, `period`, `bucket`;
