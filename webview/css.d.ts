// esbuild bundles CSS imports into dist/webview/main.css.
declare module '*.css';
