// A narrow browser entry of the cards module (ADR 0016, 0029): the Trekking History list alone, so its page loads no other list.
export { trekkingHistoryList } from "./lists/history";
