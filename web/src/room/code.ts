/** A room code as typed: letters and digits, upper case (the server reads it the same way). */
export function cleanCode(text: string): string {
  return text.trim().toUpperCase().replace(/[^A-Z0-9]/g, '');
}
