/** The browser game's entry: renders the page into #app. */
import { render } from 'preact';
import { App } from './app.tsx';
import './styles.css';

render(<App store={window.localStorage} />, document.getElementById('app')!);
