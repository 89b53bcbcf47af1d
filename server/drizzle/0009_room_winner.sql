ALTER TABLE `debate_rooms` ADD `winner` text;--> statement-breakpoint
-- Rooms that ended before the column existed, told from their logs: a vote's outcome, a walkover's winner.
UPDATE `debate_rooms` SET `winner` = (
  SELECT json_extract(`payload`, CASE `room_events`.`type` WHEN 'VotingClosed' THEN '$.outcome' ELSE '$.winner' END)
  FROM `room_events`
  WHERE `room_events`.`room_id` = `debate_rooms`.`id` AND `room_events`.`type` IN ('VotingClosed', 'WonByDefault')
) WHERE `phase` IN ('closed', 'wonByDefault');--> statement-breakpoint
-- Rooms stored whole (the demo debates) kept no end time or final counts: take them from their logs too.
UPDATE `debate_rooms` SET
  `ended_at` = (SELECT max(`at`) FROM `room_events` WHERE `room_events`.`room_id` = `debate_rooms`.`id`),
  `agree_number` = coalesce((SELECT json_extract(`payload`, '$.tally.agreeNumber') FROM `room_events`
    WHERE `room_events`.`room_id` = `debate_rooms`.`id` AND `room_events`.`type` = 'VotingClosed'), 0),
  `disagree_number` = coalesce((SELECT json_extract(`payload`, '$.tally.disagreeNumber') FROM `room_events`
    WHERE `room_events`.`room_id` = `debate_rooms`.`id` AND `room_events`.`type` = 'VotingClosed'), 0),
  `neutral_number` = coalesce((SELECT json_extract(`payload`, '$.tally.neutralNumber') FROM `room_events`
    WHERE `room_events`.`room_id` = `debate_rooms`.`id` AND `room_events`.`type` = 'VotingClosed'), 0)
WHERE `ended_at` IS NULL AND `phase` IN ('closed', 'wonByDefault', 'exitOverflow', 'abandoned');--> statement-breakpoint
UPDATE `debate_rooms` SET `total_votes` = `agree_number` + `disagree_number` + `neutral_number`
WHERE `phase` = 'closed';
