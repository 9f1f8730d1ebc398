import { defineConfig } from 'vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'

export default defineConfig({
  // The demo server (`npm start` at the repo root) serves this site at /examples/svelte/.
  base: '/examples/svelte/',
  plugins: [svelte()],
  build: { outDir: 'dist', emptyOutDir: true }
})
