// A narrow browser entry of the cards module (ADR 0016, 0029): the Deleted Trekkers list alone, so its page loads no other list.
export { deletedTrekkersList } from "./lists/deleted";
