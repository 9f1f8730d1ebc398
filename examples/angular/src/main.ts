import { bootstrapApplication } from '@angular/platform-browser'
import { provideBrowserGlobalErrorListeners } from '@angular/core'
import { App } from './app/app'

bootstrapApplication(App, { providers: [provideBrowserGlobalErrorListeners()] }).catch(err => console.error(err))
