/** What the app's shell uses from the search feature. */
export { CommandPalette, type PaletteCommand } from './command-palette';
