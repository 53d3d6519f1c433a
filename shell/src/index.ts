// Named so that the shell's server can preload it with the page (shell/server/page.ts).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
