import type { Participant, RoomEvent, RoomInfo, RoomState, Side, StanceBoard, Stance, VoteChoice } from '@toron/engine';
import type { OnReport } from './report-request';

/** Everything a room screen needs, for a debater or an observer. */
export interface RoomViewModel {
  readonly role: 'debater' | 'observer';
  readonly roomId: string;
  readonly me: number | null;
  readonly state: RoomState;
  readonly log: readonly RoomEvent[];
  readonly info: RoomInfo;
  readonly cards: ReadonlyMap<number, Participant>;
  /** Server time now (local clock corrected by the offset). */
  readonly serverNow: number;
  readonly mySide: Side | null;
  /** The live stance board of the room (counts only), null before the first. */
  readonly board: StanceBoard | null;
  /** Whether `state` holds what is the viewer's own (their stance, their ballot): their stream's snapshot arrived. */
  readonly synced: boolean;
  /** The latest chat message the server refused, for its input to say why and give the text back. */
  readonly chatRefusal: ChatRefusal | null;
  readonly onReport: OnReport;
  readonly actions: RoomActions;
}

/** A refused chat message: which input sent it, the server's reason, the text; `id` tells refusals apart. */
export interface ChatRefusal {
  readonly command: 'speak' | 'observer-chat';
  readonly message: string;
  readonly text: string;
  readonly id: number;
}

/** Every user intent of the room, one named function each. */
export interface RoomActions {
  readonly chooseSide: (side: Side) => void;
  readonly speak: (text: string) => boolean;
  readonly observerChat: (text: string) => boolean;
  /** Casts a ballot; false when it could not be sent (offline, or voted already). */
  readonly vote: (choice: VoteChoice) => boolean;
  /** Declares or changes the viewer's stance (찬성 / 반대 / 미정) until the vote opens. */
  readonly declareStance: (stance: Stance) => boolean;
  /** A debater who will not vote waits on the result screen (결과 기다리기). */
  readonly awaitResult: () => void;
  /** Asks 정말로 나가시겠습니까? then leaves to /main. */
  readonly exit: () => void;
  readonly goHome: () => void;
  readonly openReplay: () => void;
}
