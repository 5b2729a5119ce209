// Where the root document writes the error screens' words in the page's language (an
// inline JSON <script>, components/layout/root-document.tsx), for useErrorText to read.
// A module of its own: the server's document and the client's hook both import it.
export const ERROR_TEXT_ELEMENT_ID = "error-text";
