-- The comparison keys now leave separators out (김 민지 ~ 김민지, server/src/users/nickname-skeleton.ts).
-- SQL cannot compute them: the server recomputes both keys at start-up for every row whose
-- nickname_skeleton is NULL (server/src/users/nickname-collisions.ts) and logs the rows that now look alike.
UPDATE users SET nickname_skeleton = NULL;
