import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'

export default defineConfig({
  // The demo server (`npm start` at the repo root) serves this site at /examples/vue/.
  base: '/examples/vue/',
  plugins: [
    vue({
      template: {
        compilerOptions: {
          // wallet-modal's tags are custom elements, not Vue components.
          isCustomElement: tag => tag === 'wallet-modal' || tag === 'connect-button'
        }
      }
    })
  ],
  build: { outDir: 'dist', emptyOutDir: true }
})
