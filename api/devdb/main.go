// Command devdb is Oracy's embedded development database: FerretDB v1 (a
// MongoDB wire-protocol server) on SQLite, listening on loopback only.
//
// It is started by the API as a child process when MONGODB_URI is unset
// (docs/architecture.md#running-it). On start it prints one JSON line to stdout,
// {"uri":"mongodb://127.0.0.1:PORT/"}, and then serves until SIGINT, SIGTERM
// or the end of its standard input (the parent went away).
//
// With -backup-to or -check it serves nothing: it copies or checks the
// database files and prints one JSON report (docs/architecture.md#backups).
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
	_ "modernc.org/sqlite" // the database/sql driver FerretDB itself uses
)

// sqlitePragmas are the SQLite settings of every connection, in the order
// FerretDB needs them (the busy handler before WAL). They are FerretDB's
// defaults plus synchronous=NORMAL: in WAL mode a commit then writes the
// log without waiting for the disk to flush it, so the database stays
// consistent after a crash of the process or of the machine, and only the
// last transactions before a power loss can be lost (SQLite's
// recommendation for WAL; MongoDB's default journal behaves alike). With
// the default FULL every insert waits for an fsync (chat fan-out).
// secure_delete=ON makes SQLite overwrite deleted content with zeros, so a
// record removed by an erasure is not left readable in the file's free pages
// (docs/product.md#privacy). It is a per-connection setting: FerretDB passes
// every _pragma of this URI to each connection it opens.
const sqlitePragmas = "_pragma=busy_timeout(10000)&_pragma=journal_mode(wal)&_pragma=synchronous(normal)&_pragma=auto_vacuum(none)&_pragma=secure_delete(on)"

// gcPercent and memoryLimit tune the Go garbage collector of the server, unless
// GOGC or GOMEMLIMIT is set: reading a page of documents allocates several times
// its size while decoding (SJSON to FerretDB's documents to BSON), so with Go's
// default (a collection at every doubling of the live heap) the collector took
// about a quarter of the CPU of a 300-document read. At 400 the heap may grow to
// five times what is live before a collection (about 55 MB instead of 50 MB for
// the teacher's overview at 20,000 users), and the limit makes the collector work
// harder again as the whole process nears 512 MiB, so a large read cannot take
// five times its size (docs/architecture.md#the-embedded-database).
const (
	gcPercent   = 400
	memoryLimit = 512 << 20 // bytes
)

// tuneGC applies gcPercent and memoryLimit where the environment sets neither.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}

func main() {
	dataDir := flag.String("data", ".data/db", "directory that holds the SQLite files")
	listen := flag.String("listen", "127.0.0.1:0", "loopback address to listen on (port 0 picks a free one)")
	logLevel := flag.String("log-level", "warn", "log level: debug, info, warn or error")
	watchStdin := flag.Bool("watch-stdin", true, "exit when standard input closes")
	backupTo := flag.String("backup-to", "", "copy every database of -data into this new folder while a server may use them, check the copies, print a JSON report and exit")
	check := flag.String("check", "", "check every database file in this folder, print a JSON report and exit")
	flag.Parse()

	if *backupTo != "" || *check != "" {
		var report *Report
		var err error
		if *backupTo != "" {
			report, err = backup(*dataDir, *backupTo)
		} else {
			report, err = checkFolder(*check)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "devdb: %s\n", err)
			os.Exit(1)
		}
		line, _ := json.Marshal(report)
		fmt.Println(string(line))
		return
	}

	tuneGC()
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

// Report is what -backup-to and -check print: the FerretDB and SQLite
// versions and, for each database file, its size and its documents per
// collection.
type Report struct {
	FerretDB  string           `json:"ferretdb"`
	SQLite    string           `json:"sqlite"`
	Databases []DatabaseReport `json:"databases"`
}

// DatabaseReport describes one checked database file.
type DatabaseReport struct {
	// Name is the MongoDB database name (the file name without .sqlite).
	Name string `json:"name"`
	// File is the file name, e.g. "oracy.sqlite".
	File string `json:"file"`
	// Bytes is the file's size.
	Bytes int64 `json:"bytes"`
	// Collections maps each collection name to its number of documents.
	Collections map[string]int64 `json:"collections"`
}

// sqliteSuffix ends the name of every database file FerretDB keeps in its
// data folder, one file per MongoDB database.
const sqliteSuffix = ".sqlite"

// collectionsTable is FerretDB's table, in each database file, that maps
// collection names to the tables holding their documents.
const collectionsTable = "_ferretdb_collections"

// databaseFiles lists the database files of a folder, sorted.
func databaseFiles(dir string) ([]string, error) {
	matches, err := filepath.Glob(filepath.Join(dir, "*"+sqliteSuffix))
	if err != nil {
		return nil, err
	}
	sort.Strings(matches)
	return matches, nil
}

// openFile opens one SQLite file on a single connection, waiting up to
// 10 s for a lock held by another connection.
func openFile(path string) (*sql.DB, error) {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	if err := db.Ping(); err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
}

// backup copies every database file of dataDir into outDir (a folder that
// must not exist or be empty) and checks the copies.
//
// Each copy is made by SQLite's VACUUM INTO on a connection of its own.
// FerretDB keeps its files in WAL mode (sqlitePragmas), where a reader does
// not block the writer nor the writer the reader: VACUUM INTO runs in one
// read transaction, so the copy is the database as it was at one instant,
// with every transaction committed before it began, while the server goes
// on writing. The copy is switched to the rollback journal so that it is a
// single self-contained file, and then checked as -check does.
func backup(dataDir, outDir string) (*Report, error) {
	files, err := databaseFiles(dataDir)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no database files (*%s) in %s", sqliteSuffix, dataDir)
	}
	if err := os.MkdirAll(outDir, 0o700); err != nil {
		return nil, fmt.Errorf("cannot create %s: %w", outDir, err)
	}
	if entries, err := os.ReadDir(outDir); err != nil || len(entries) > 0 {
		return nil, fmt.Errorf("%s must be an empty folder", outDir)
	}
	for _, file := range files {
		target := filepath.Join(outDir, filepath.Base(file))
		if err := vacuumInto(file, target); err != nil {
			return nil, fmt.Errorf("copying %s: %w", filepath.Base(file), err)
		}
	}
	return checkFolder(outDir)
}

// vacuumInto writes a consistent copy of the database at source to target
// (a path that must not exist) and makes the copy a rollback-journal file.
func vacuumInto(source, target string) error {
	db, err := openFile(source)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.Exec("VACUUM INTO ?", target); err != nil {
		return err
	}

	copied, err := openFile(target)
	if err != nil {
		return err
	}
	defer copied.Close()
	var mode string
	if err := copied.QueryRow("PRAGMA journal_mode=DELETE").Scan(&mode); err != nil {
		return err
	}
	return nil
}

// checkFolder checks every database file of dir: SQLite's integrity check
// must answer "ok", and every collection FerretDB lists must be countable.
func checkFolder(dir string) (*Report, error) {
	files, err := databaseFiles(dir)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no database files (*%s) in %s", sqliteSuffix, dir)
	}
	report := &Report{FerretDB: ferretdbVersion(), Databases: []DatabaseReport{}}
	for _, file := range files {
		db, version, err := checkFile(file)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Base(file), err)
		}
		report.SQLite = version
		report.Databases = append(report.Databases, *db)
	}
	return report, nil
}

// checkFile runs PRAGMA integrity_check on one database file and counts
// the documents of each of its collections.
func checkFile(path string) (*DatabaseReport, string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, "", err
	}
	db, err := openFile(path)
	if err != nil {
		return nil, "", err
	}
	defer db.Close()

	var version string
	if err := db.QueryRow("SELECT sqlite_version()").Scan(&version); err != nil {
		return nil, "", err
	}

	rows, err := db.Query("PRAGMA integrity_check")
	if err != nil {
		return nil, "", fmt.Errorf("not a readable SQLite database: %w", err)
	}
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			rows.Close()
			return nil, "", err
		}
		problems = append(problems, line)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, "", fmt.Errorf("not a readable SQLite database: %w", err)
	}
	if len(problems) != 1 || problems[0] != "ok" {
		if len(problems) > 5 {
			problems = append(problems[:5], "...")
		}
		return nil, "", fmt.Errorf("integrity check failed: %s", strings.Join(problems, "; "))
	}

	tables, err := collectionTables(db)
	if err != nil {
		return nil, "", err
	}
	counts := make(map[string]int64, len(tables))
	for name, table := range tables {
		var n int64
		if err := db.QueryRow(fmt.Sprintf("SELECT count(*) FROM %q", table)).Scan(&n); err != nil {
			return nil, "", fmt.Errorf("counting collection %s: %w", name, err)
		}
		counts[name] = n
	}

	base := filepath.Base(path)
	return &DatabaseReport{
		Name:        strings.TrimSuffix(base, sqliteSuffix),
		File:        base,
		Bytes:       info.Size(),
		Collections: counts,
	}, version, nil
}

// collectionTables reads FerretDB's map of collection name to table name.
func collectionTables(db *sql.DB) (map[string]string, error) {
	rows, err := db.Query(fmt.Sprintf("SELECT name, table_name FROM %q", collectionsTable))
	if err != nil {
		return nil, errors.New("not a FerretDB database (it has no " + collectionsTable + " table)")
	}
	defer rows.Close()
	tables := map[string]string{}
	for rows.Next() {
		var name, table string
		if err := rows.Scan(&name, &table); err != nil {
			return nil, err
		}
		tables[name] = table
	}
	return tables, rows.Err()
}

// ferretdbVersion is the version of the FerretDB module this program was
// built with, e.g. "v1.24.2", or "" when the build carries no module data.
func ferretdbVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, dep := range info.Deps {
		if dep.Path == "github.com/FerretDB/FerretDB" {
			return dep.Version
		}
	}
	return ""
}
