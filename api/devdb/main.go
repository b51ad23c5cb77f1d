// Command devdb is Oracy's embedded development database: FerretDB v1 (a
// MongoDB wire-protocol server) on SQLite, listening on loopback only.
//
// It is started by the API as a child process when MONGODB_URI is unset
// (docs/architecture.md#running-it). On start it prints one JSON line to stdout,
// {"uri":"mongodb://127.0.0.1:PORT/"}, and then serves until SIGINT, SIGTERM
// or the end of its standard input (the parent went away).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

// sqlitePragmas are the SQLite settings of every connection, in the order
// FerretDB needs them (the busy handler before WAL). They are FerretDB's
// defaults plus synchronous=NORMAL: in WAL mode a commit then writes the
// log without waiting for the disk to flush it, so the database stays
// consistent after a crash of the process or of the machine, and only the
// last transactions before a power loss can be lost (SQLite's
// recommendation for WAL; MongoDB's default journal behaves alike). With
// the default FULL every insert waits for an fsync (chat fan-out).
const sqlitePragmas = "_pragma=busy_timeout(10000)&_pragma=journal_mode(wal)&_pragma=synchronous(normal)&_pragma=auto_vacuum(none)"

func main() {
	dataDir := flag.String("data", ".data/db", "directory that holds the SQLite files")
	listen := flag.String("listen", "127.0.0.1:0", "loopback address to listen on (port 0 picks a free one)")
	logLevel := flag.String("log-level", "warn", "log level: debug, info, warn or error")
	watchStdin := flag.Bool("watch-stdin", true, "exit when standard input closes")
	flag.Parse()

	if err := run(*dataDir, *listen, *logLevel, *watchStdin); err != nil {
		fmt.Fprintf(os.Stderr, "devdb: %s\n", err)
		os.Exit(1)
	}
}

func run(dataDir, listen, logLevel string, watchStdin bool) error {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return fmt.Errorf("bad -listen %q: %w", listen, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("-listen must be a loopback address, got %q", listen)
	}

	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return fmt.Errorf("cannot create data directory: %w", err)
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return fmt.Errorf("bad -log-level %q: %w", logLevel, err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if watchStdin {
		go func() {
			// The parent holds our stdin open; EOF means it is gone.
			_, _ = io.Copy(io.Discard, os.Stdin)
			stop()
		}()
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/?" + sqlitePragmas,
	})
	if err != nil {
		return err
	}

	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()

	// MongoDBURI waits for the listener to be bound, so it must follow Run.
	line, _ := json.Marshal(map[string]string{"uri": f.MongoDBURI()})
	fmt.Println(string(line))

	return <-done
}
