import { useEffect, useRef } from 'react';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import type { TerminalSession } from '../utils/terminal-session';

/**
 * The xterm.js screen of a session, fitted to its box (again whenever the box changes size, which the session
 * passes on as a resize); keystrokes go to the session and its output is written here.
 */
export function TerminalView({ session, height = 420 }: { session: TerminalSession; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const term = new Terminal({ cursorBlink: true, fontSize: 13, fontFamily: 'Menlo, Consolas, "DejaVu Sans Mono", monospace', scrollback: 5000 });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(el);
    const refit = () => {
      if (el.clientWidth > 0) fit.fit();
    };
    refit();
    const detach = session.attach({ write: (data) => term.write(data), size: () => ({ cols: term.cols, rows: term.rows }), reset: () => term.reset(), focus: () => term.focus() });
    const input = term.onData((data) => session.send(data));
    const resized = term.onResize(({ cols, rows }) => session.resize(cols, rows));
    const observer = new ResizeObserver(refit);
    observer.observe(el);
    return () => {
      observer.disconnect();
      input.dispose();
      resized.dispose();
      detach();
      term.dispose();
    };
  }, [session]);
  return <div ref={box} data-testid="terminal-screen" style={{ height, background: '#000', padding: 4, borderRadius: 6 }} />;
}
