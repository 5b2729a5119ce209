// Messages of a tap that both the server and the tap page's client island
// show (the island when an answer arrives without one).
export const LIMIT_REACHED_MESSAGE = "You have reached the maximum number of taps allowed for today.";
