import { useEffect, useState } from 'react';
import { advance, type ReplaySpeed, type Timeline } from './replay-timeline';

export interface Playback {
  readonly t: number;
  readonly playing: boolean;
  readonly speed: ReplaySpeed;
  readonly play: () => void;
  readonly pause: () => void;
  readonly setSpeed: (speed: ReplaySpeed) => void;
  readonly seek: (t: number) => void;
}

/** A playhead over a timeline: play (from the start again once at the end), pause, speed, seek. */
export function usePlayback(timeline: Timeline): Playback {
  const [t, setT] = useState(timeline.start);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      const elapsed = now - last;
      last = now;
      setT((prev) => {
        const next = advance(prev, elapsed, speed, timeline);
        if (next >= timeline.end) setPlaying(false);
        return next;
      });
    }, 100);
    return () => {
      clearInterval(timer);
    };
  }, [playing, speed, timeline]);
  return {
    t,
    playing,
    speed,
    play: () => {
      if (t >= timeline.end) setT(timeline.start);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    setSpeed,
    seek: (to) => setT(Math.min(timeline.end, Math.max(timeline.start, to))),
  };
}
