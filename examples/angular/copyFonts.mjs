// The modal's font (Inter) ships in @wallet-modal/ui's dist/fonts/, and the modal fetches it next
// to its own chunk (`new URL('./fonts/…', import.meta.url)`). Angular's builder (esbuild) does not
// copy files named that way, so this copies the folder next to the built chunks after `ng build`.
// A site with the package in its own node_modules can list the folder in angular.json's "assets"
// instead ({ "glob": "*", "input": "node_modules/@wallet-modal/ui/dist/fonts", "output": "fonts" });
// here npm hoists the package to the repository's node_modules, outside this workspace, which
// "assets" refuses.
import { cpSync } from 'node:fs'

cpSync(new URL('./fonts/', import.meta.resolve('@wallet-modal/ui')), new URL('./dist/fonts/', import.meta.url), { recursive: true })
