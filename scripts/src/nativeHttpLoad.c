/*
 * The bench's native load generator (scripts/src/nativeHttpLoad.ts compiles it with the machine's `cc -O2` and
 * runs it). It does what rawHttpLoad.ts does, in one epoll loop: N keep-alive connections, each one player sending
 * one request at a time, replies framed by content-length, the next request chosen from the last reply. On a
 * 2-core machine the load generator shares the cores with the server processes; Node's socket machinery and a
 * JavaScript player cost ~23 us of CPU per game request, this costs less, mostly the kernel's: one send, one read,
 * and with one worker a sleep and wake-up in epoll_wait per request (replies come one at a time).
 *
 * It runs as a SCHED_BATCH task (no privilege needed), whose wake-ups do not preempt the task running on a core.
 * Woken by nearly every reply, an ordinary task preempts what runs on the core it wakes on, and with two workers
 * on two cores that is a server: as an ordinary task this program woke 0.55-0.70 times per request (1.5-1.7
 * replies each), and the two servers' CPU per request came out ~14% higher than with the SCHED_BATCH task (median
 * 170 against 149 us, 9 and 8 runs); in one-worker runs while other work kept the second core busy, the server was
 * preempted up to 0.65 times per request against at most 0.05. A server never pays that in production, where its
 * clients are on other machines. As a batch task it runs when a core falls idle or a time slice ends, and then
 * reads the replies that gathered meanwhile (8-12 per wake-up with two workers), which also costs it less per
 * request (16 against 23 us); its next requests then reach the servers several at a time, as requests from many
 * clients reach a busy server (these runs do not tell that part of the servers' saving from the preemptions').
 * Nothing else changes: each connection's next request still goes out right after its reply is read and checked,
 * and the latency figures include the wait. With one worker there is an idle core for it, and it behaves as
 * before (~1.1 replies per wake-up; the server's CPU per request 149 against 153 us, medians), unless other work
 * keeps the second core busy: then it waits for a core where an ordinary task would preempt, and the server may
 * run out of requests (bench.ts's DEFAULT_LOAD_GENERATOR says what that did to one run). NATIVE_LOAD_ORDINARY=1
 * runs it as an ordinary task, for comparing the two.
 *
 * NATIVE_LOAD_PAUSE=1 (a what-if, not the bench's figures): after each batch of replies, sleep for the time the
 * server takes to answer a quarter of the connections (at most 1 ms), so replies gather and the next requests
 * reach the server in bursts. That halves this program's CPU per request, and it also changes what is measured:
 * the servers got cheaper per request (one worker: 131 against 154-160 us) because they read several requests per
 * event-loop turn. Without it the servers' CPU per request matches the Node client's (rawHttpLoad.ts).
 *
 * The player is bench.ts's nextRequest, line for line (plan() below), reading the same reply fields as gameReply.ts
 * (each of a state's top-level keys found by walking the object, then its fields by key searches in the order the
 * server writes them). Like the web client it holds the game's version: a move says it (the version header), and
 * its reply is then only what the move changed, read onto the state the player held; GET state asks with
 * If-None-Match and a 304 leaves the player's state as it is. Nothing of the game's rules is here: the
 * locations and flight prices, the request heads and fixed bodies come from bench.ts on stdin. Every Nth reply
 * that gave the player a state is written to the sample file with the player's reading of it (as JSON) and the
 * request it then chose; bench.ts checks both against JSON.parse and nextRequest, and fails the run on a
 * difference. A reply this reader cannot read (a key not where it looks, a value it does not expect) is counted
 * (readerFailures: bench.ts fails the run on any) and that player starts a new game.
 *
 * Input (stdin): fields, each `<length>:<bytes>`, in the order main() reads them. Output (stdout): a line
 * `WINDOW` when the warm-up ends and the measured window starts, then one line of JSON with the window's figures.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* The calls of the game workload, in bench.ts's CALLS order. */
enum { NEW, STATE, BUY, SELL, STAY, TRAVEL, ENCOUNTER, NCALLS };

#define MAX_ID 64
#define MAX_MARKET 64
#define MAX_INVENTORY 64
#define MAX_ENEMIES 16
#define MAX_LOCATIONS 64
#define MAX_CODES 16
#define READ_BUFFER 65536
#define MAX_REQUEST 4096
#define SESSION_MARK '\1'

static void die(const char *what) {
  fprintf(stderr, "nativeHttpLoad: %s\n", what);
  exit(2);
}

/* ------------------------------------------------------------------ input */

static char *input;
static long inputLength, inputAt;

/* The next `<length>:<bytes>` field (not NUL-terminated in place: callers copy). */
static const char *field(long *length) {
  long n = 0;
  while (inputAt < inputLength && input[inputAt] >= '0' && input[inputAt] <= '9') n = n * 10 + (input[inputAt++] - '0');
  if (inputAt >= inputLength || input[inputAt] != ':' || inputAt + 1 + n > inputLength) die("bad input");
  const char *at = input + inputAt + 1;
  inputAt += 1 + n;
  *length = n;
  return at;
}

static char *fieldString(long *length) {
  long n;
  const char *at = field(&n);
  char *copy = malloc(n + 1);
  memcpy(copy, at, n);
  copy[n] = 0;
  if (length) *length = n;
  return copy;
}

static long long fieldNumber(void) {
  char *s = fieldString(NULL);
  long long n = strtoll(s, NULL, 10);
  free(s);
  return n;
}

/* ------------------------------------------------------------------ the player's view of a reply (gameReply.ts) */

typedef struct {
  char id[MAX_ID];
  long long price, quantity;
} Market;

typedef struct {
  char id[MAX_ID];
  long long quantity;
} Held;

typedef struct {
  char id[MAX_ID];
  int isAlive;
} Enemy;

typedef struct {
  int gameOver;
  char location[MAX_ID];
  int hasEncounter;
  char type[MAX_ID];
  int canSkip;
  char turnOrder[MAX_ID];
  int canSurrender;
  int enemyCount;
  Enemy enemies[MAX_ENEMIES];
  long long cash, coatSpace, usedSpace;
  int heldCount;
  Held inventory[MAX_INVENTORY];
  int marketCount;
  Market market[MAX_MARKET];
} View;

#define KEY(s) s, (long)(sizeof(s) - 1)

/*
 * Index of the first `key` (4 bytes or more) at or after `from` in t[0, n), or -1 (also when `from` is -1). A
 * plain scan on the key's first 4 bytes: the keys searched are near where the search starts, and glibc's memmem
 * sets up a table on each call that costs more than that.
 */
static long find(const char *t, long n, const char *key, long keyLength, long from) {
  if (from < 0) return -1;
  uint32_t first;
  memcpy(&first, key, 4);
  for (long i = from, last = n - keyLength; i <= last; i++) {
    uint32_t word;
    memcpy(&word, t + i, 4);
    if (word == first && memcmp(t + i + 4, key + 4, keyLength - 4) == 0) return i;
  }
  return -1;
}

/* Index just past the first `key` at or after `from`, or -1. */
static long valueAt(const char *t, long n, const char *key, long keyLength, long from) {
  long at = find(t, n, key, keyLength, from);
  return at < 0 ? -1 : at + keyLength;
}

/* find() through `rare`, a character of the key that seldom occurs in a reply (memchr is many times faster). */
static long findKey(const char *t, long n, const char *key, long keyLength, char rare, long from) {
  if (from < 0) return -1;
  long offset = (const char *)memchr(key, rare, keyLength) - key;
  for (long i = from + offset; i < n;) {
    const char *p = memchr(t + i, rare, n - i);
    if (!p) return -1;
    long at = (p - t) - offset;
    if (at + keyLength <= n && memcmp(t + at, key, keyLength) == 0) return at;
    i = (p - t) + 1;
  }
  return -1;
}

/* valueAt() through findKey(): for a key further away than a few dozen bytes. */
static long valueAtRare(const char *t, long n, const char *key, long keyLength, char rare, long from) {
  long at = findKey(t, n, key, keyLength, rare, from);
  return at < 0 ? -1 : at + keyLength;
}

/* The string whose content starts at `at` copied into out (no escapes, shorter than MAX_ID); its end, or -1. */
static long stringAt(const char *t, long n, long at, char *out) {
  if (at < 0) return -1;
  const char *end = memchr(t + at, '"', n - at);
  if (!end) return -1;
  long length = end - (t + at);
  if (length >= MAX_ID || memchr(t + at, '\\', length)) return -1;
  memcpy(out, t + at, length);
  out[length] = 0;
  return at + length + 1;
}

/* The integer at `at` (a JSON number with a fraction or an exponent is not read); its end, or -1. */
static long integerAt(const char *t, long n, long at, long long *out) {
  if (at < 0) return -1;
  long i = at;
  int negative = i < n && t[i] == '-';
  if (negative) i++;
  long digits = i;
  long long v = 0;
  while (i < n && t[i] >= '0' && t[i] <= '9' && i - digits < 18) v = v * 10 + (t[i++] - '0');
  if (i == digits || (i < n && (t[i] == '.' || t[i] == 'e' || t[i] == 'E' || (t[i] >= '0' && t[i] <= '9')))) return -1;
  *out = negative ? -v : v;
  return i;
}

/* true/false at `at`: 1 or 0, -1 otherwise. */
static int booleanAt(const char *t, long n, long at) {
  if (at < 0) return -1;
  if (at + 4 <= n && memcmp(t + at, "true", 4) == 0) return 1;
  if (at + 5 <= n && memcmp(t + at, "false", 5) == 0) return 0;
  return -1;
}

/* A flat object {..} starting at `at`: index of its '}', or -1 (no braces inside, as gameReply.ts's regexes). */
static long flatObjectEnd(const char *t, long n, long at) {
  if (at < 0 || at >= n || t[at] != '{') return -1;
  const char *close = memchr(t + at + 1, '}', n - at - 1);
  if (!close) return -1;
  if (memchr(t + at + 1, '{', close - (t + at + 1))) return -1;
  return close - t;
}

/* marketInfo's items from just past its '['; index past the ']', or -1. */
static long readMarket(const char *t, long n, long at, View *v) {
  v->marketCount = 0;
  if (at < 0 || at >= n) return -1;
  if (t[at] == ']') return at + 1;
  for (long i = at;;) {
    long end = flatObjectEnd(t, n, i);
    if (end < 0 || v->marketCount == MAX_MARKET) return -1;
    Market *m = &v->market[v->marketCount++];
    long idEnd = stringAt(t, end, valueAt(t, end, KEY("\"id\":\""), i), m->id);
    long priceEnd = integerAt(t, end, valueAt(t, end, KEY("\"price\":"), idEnd), &m->price);
    if (priceEnd < 0 || priceEnd + 12 > end || memcmp(t + priceEnd, ",\"quantity\":", 12) != 0) return -1;
    if (integerAt(t, end, priceEnd + 12, &m->quantity) < 0) return -1;
    if (end + 1 >= n) return -1;
    if (t[end + 1] == ']') return end + 2;
    if (t[end + 1] != ',') return -1;
    i = end + 2;
  }
}

/* An encounter's enemies from just past its '['; index past the ']', or -1. */
static long readEnemies(const char *t, long n, long at, View *v) {
  v->enemyCount = 0;
  if (at < 0 || at >= n) return -1;
  if (t[at] == ']') return at + 1;
  for (long i = at;;) {
    long end = flatObjectEnd(t, n, i);
    if (end < 0 || v->enemyCount == MAX_ENEMIES) return -1;
    Enemy *e = &v->enemies[v->enemyCount++];
    long idEnd = stringAt(t, end, valueAt(t, end, KEY("\"id\":\""), i), e->id);
    e->isAlive = booleanAt(t, end, valueAt(t, end, KEY("\"isAlive\":"), idEnd));
    if (e->isAlive < 0 || end + 1 >= n) return -1;
    if (t[end + 1] == ']') return end + 2;
    if (t[end + 1] != ',') return -1;
    i = end + 2;
  }
}

/* The player's inventory (drug id -> {quantity, ..}) from just past its '{'; 0, or -1. */
static int readInventory(const char *t, long n, long at, View *v) {
  v->heldCount = 0;
  if (at < 0 || at >= n) return -1;
  if (t[at] == '}') return 0;
  for (long i = at;;) {
    if (t[i] != '"' || v->heldCount == MAX_INVENTORY) return -1;
    Held *h = &v->inventory[v->heldCount++];
    long idEnd = stringAt(t, n, i + 1, h->id);
    if (idEnd < 0 || idEnd >= n || t[idEnd] != ':') return -1;
    long end = flatObjectEnd(t, n, idEnd + 1);
    if (end < 0 || integerAt(t, end, valueAt(t, end, KEY("\"quantity\":"), idEnd + 1), &h->quantity) < 0) return -1;
    if (end + 1 >= n) return -1;
    if (t[end + 1] == '}') return 0;
    if (t[end + 1] != ',') return -1;
    i = end + 2;
  }
}

/*
 * Index just past the JSON value that starts at `at` (an object, array, string, number or literal), or -1. Strings
 * are skipped whole (a brace or bracket inside one is text), so the depth counts only the structure.
 */
static long skipValue(const char *t, long n, long at) {
  if (at < 0 || at >= n) return -1;
  int depth = 0;
  for (long i = at; i < n; i++) {
    char ch = t[i];
    if (ch == '"') {
      /* To the closing quote by memchr (most of a state's bytes are in strings): one not escaped by an odd run of
         backslashes before it. */
      for (;;) {
        const char *q = memchr(t + i + 1, '"', n - i - 1);
        if (!q) return -1;
        i = q - t;
        long backslashes = 0;
        while (t[i - 1 - backslashes] == '\\') backslashes++;
        if (backslashes % 2 == 0) break;
      }
      if (depth == 0) return i + 1;
    } else if (ch == '{' || ch == '[') {
      depth++;
    } else if (ch == '}' || ch == ']') {
      if (depth == 0) return i; /* the end of a scalar inside a container */
      if (--depth == 0) return i + 1;
    } else if (depth == 0 && (ch == ',' || ch == ' ' || ch == '\n')) {
      return i;
    }
  }
  return depth == 0 ? n : -1;
}

/* The game-state keys the player reads, and where their values are (-1: not in this state). */
enum { M_GAME_OVER, M_LOCATION, M_MARKET, M_ENCOUNTER, M_PLAYER, NMEMBERS };
static const char *const memberKeys[NMEMBERS] = {"gameOver", "location", "marketInfo", "encounter", "player"};

/*
 * The object at `at` ('{'): the value index of each of memberKeys at its top level, -1 for a key it does not
 * have. Returns the index past its '}', or -1. A game state, or a move's change of one, which holds only the keys
 * the move changed: nested keys of the same name (the player's own location) are not top-level members.
 */
static long readMembers(const char *t, long n, long at, long members[NMEMBERS], long ends[NMEMBERS]) {
  for (int k = 0; k < NMEMBERS; k++) members[k] = ends[k] = -1;
  if (at < 0 || at >= n || t[at] != '{') return -1;
  long i = at + 1;
  if (i < n && t[i] == '}') return i + 1;
  for (;;) {
    if (i >= n || t[i] != '"') return -1;
    const char *keyEnd = memchr(t + i + 1, '"', n - i - 1);
    if (!keyEnd || keyEnd + 1 >= t + n || keyEnd[1] != ':') return -1;
    long keyLength = keyEnd - (t + i + 1);
    long value = keyEnd + 2 - t;
    int member = -1;
    for (int k = 0; k < NMEMBERS && member < 0; k++)
      if ((long)strlen(memberKeys[k]) == keyLength && memcmp(t + i + 1, memberKeys[k], keyLength) == 0) member = k;
    long end = skipValue(t, n, value);
    if (end < 0 || end >= n) return -1;
    if (member >= 0) {
      members[member] = value;
      ends[member] = end;
    }
    if (t[end] == '}') return end + 1;
    if (t[end] != ',') return -1;
    i = end + 1;
  }
}

/* The encounter whose '{' is at `e` (gameReply.ts's readEncounter: its keys in the order the server writes them). */
static int readEncounter(const char *t, long n, long e, View *v) {
  v->hasEncounter = 1;
  long typeAt = valueAt(t, n, KEY("\"type\":\""), e);
  if (stringAt(t, n, typeAt, v->type) < 0) return -1;
  long enemiesEnd = readEnemies(t, n, valueAt(t, n, KEY("\"enemies\":["), typeAt), v);
  long turnOrderAt = valueAt(t, n, KEY("\"turnOrder\":\""), enemiesEnd);
  if (stringAt(t, n, turnOrderAt, v->turnOrder) < 0) return -1;
  long canSurrenderAt = valueAt(t, n, KEY("\"canSurrender\":"), turnOrderAt);
  v->canSurrender = booleanAt(t, n, canSurrenderAt);
  v->canSkip = booleanAt(t, n, valueAt(t, n, KEY("\"canSkip\":"), canSurrenderAt));
  return v->canSurrender < 0 || v->canSkip < 0 ? -1 : 0;
}

/* The player whose '{' is at `p` and who ends before `end`: cash, coat space, used space, inventory. */
static int readPlayer(const char *t, long end, long p, View *v) {
  if (integerAt(t, end, valueAt(t, end, KEY("\"cash\":"), p), &v->cash) < 0) return -1;
  if (integerAt(t, end, valueAtRare(t, end, KEY("\"coatSpace\":"), 'S', p), &v->coatSpace) < 0) return -1;
  if (integerAt(t, end, valueAtRare(t, end, KEY("\"usedSpace\":"), 'S', p), &v->usedSpace) < 0) return -1;
  return readInventory(t, end, valueAtRare(t, end, KEY("\"inventory\":{"), '{', p), v);
}

/*
 * The game state whose '{' is at `at`: the whole state, or with `prev` (the player's view of the state the move
 * was made on) a move's change of it, whose absent keys keep prev's reading (gameReply.ts's viewOfChange). Each
 * member is read from where its value starts. 0, or -1 when something is not where it looks (a whole state
 * without one of the keys included).
 */
/* The parts of a view in use (a whole View is ~10 KB of fixed-size lists). */
static void copyView(View *to, const View *from) {
  to->gameOver = from->gameOver;
  memcpy(to->location, from->location, sizeof to->location);
  to->hasEncounter = from->hasEncounter;
  memcpy(to->type, from->type, sizeof to->type);
  to->canSkip = from->canSkip;
  memcpy(to->turnOrder, from->turnOrder, sizeof to->turnOrder);
  to->canSurrender = from->canSurrender;
  to->enemyCount = from->enemyCount;
  memcpy(to->enemies, from->enemies, from->enemyCount * sizeof *from->enemies);
  to->cash = from->cash;
  to->coatSpace = from->coatSpace;
  to->usedSpace = from->usedSpace;
  to->heldCount = from->heldCount;
  memcpy(to->inventory, from->inventory, from->heldCount * sizeof *from->inventory);
  to->marketCount = from->marketCount;
  memcpy(to->market, from->market, from->marketCount * sizeof *from->market);
}

static int readView(const char *t, long n, long at, View *v, const View *prev) {
  long m[NMEMBERS], ends[NMEMBERS];
  if (readMembers(t, n, at, m, ends) < 0) return -1;
  if (prev) copyView(v, prev);
  else
    for (int k = 0; k < NMEMBERS; k++)
      if (m[k] < 0) return -1;
  if (m[M_GAME_OVER] >= 0 && (v->gameOver = booleanAt(t, n, m[M_GAME_OVER])) < 0) return -1;
  if (m[M_LOCATION] >= 0 && stringAt(t, n, m[M_LOCATION] + 1, v->location) < 0) return -1;
  if (m[M_MARKET] >= 0 && readMarket(t, n, m[M_MARKET] + 1, v) < 0) return -1;
  if (m[M_ENCOUNTER] >= 0) {
    long e = m[M_ENCOUNTER];
    if (e + 4 <= n && memcmp(t + e, "null", 4) == 0) v->hasEncounter = 0;
    else if (t[e] != '{' || readEncounter(t, n, e, v) < 0) return -1;
  }
  if (m[M_PLAYER] >= 0 && readPlayer(t, ends[M_PLAYER], m[M_PLAYER], v) < 0) return -1;
  return 0;
}

/* The view as JSON, in the shape of gameReply.ts's viewOfState (for the sample check). */
static int viewJson(const View *v, char *out, int cap) {
  int k = snprintf(out, cap, "{\"gameOver\":%s,\"location\":\"%s\",\"encounter\":", v->gameOver ? "true" : "false", v->location);
  if (!v->hasEncounter) {
    k += snprintf(out + k, cap - k, "null");
  } else {
    k += snprintf(out + k, cap - k, "{\"type\":\"%s\",\"canSkip\":%s,\"turnOrder\":\"%s\",\"canSurrender\":%s,\"enemies\":[",
                  v->type, v->canSkip ? "true" : "false", v->turnOrder, v->canSurrender ? "true" : "false");
    for (int i = 0; i < v->enemyCount && k < cap; i++)
      k += snprintf(out + k, cap - k, "%s{\"id\":\"%s\",\"isAlive\":%s}", i ? "," : "", v->enemies[i].id,
                    v->enemies[i].isAlive ? "true" : "false");
    if (k < cap) k += snprintf(out + k, cap - k, "]}");
  }
  if (k < cap) k += snprintf(out + k, cap - k, ",\"cash\":%lld,\"coatSpace\":%lld,\"usedSpace\":%lld,\"inventory\":[", v->cash, v->coatSpace, v->usedSpace);
  for (int i = 0; i < v->heldCount && k < cap; i++)
    k += snprintf(out + k, cap - k, "%s{\"id\":\"%s\",\"quantity\":%lld}", i ? "," : "", v->inventory[i].id, v->inventory[i].quantity);
  if (k < cap) k += snprintf(out + k, cap - k, "],\"marketInfo\":[");
  for (int i = 0; i < v->marketCount && k < cap; i++)
    k += snprintf(out + k, cap - k, "%s{\"id\":\"%s\",\"price\":%lld,\"quantity\":%lld}", i ? "," : "", v->market[i].id,
                  v->market[i].price, v->market[i].quantity);
  if (k < cap) k += snprintf(out + k, cap - k, "]}");
  return k < cap ? k : cap - 1;
}

/* ------------------------------------------------------------------ the workload (bench.ts) */

static int gameMode;
static char *fixedRequest;
static long fixedRequestLength;
/* Each call's head up to and after the session id (the whole head when it has none: new game). */
static char *headBefore[NCALLS], *headAfter[NCALLS];
static long headBeforeLength[NCALLS], headAfterLength[NCALLS];
static int headHasSession[NCALLS];
static char *newGameBody, *stayBody;
/* The header a move says the version it was made on with (protocol's STATE_VERSION_HEADER), and GET state's. */
static char *versionHeader, *notModifiedHeader;
static long newGameBodyLength, stayBodyLength;
static int locationCount;
static char *locationIds[MAX_LOCATIONS];
static long long flightPrices[MAX_LOCATIONS];
static long long maxFlightPrice;

typedef struct {
  int fd;
  int connected;
  long generation; /* connections opened on this slot: a reopened one is a new player */
  /* The player. */
  int hasSession;
  char session[MAX_ID];
  int step;
  int hasState;
  long long version; /* the version of the game state the player holds (when hasState) */
  int current; /* views[current] is the state; the other one is read into */
  View views[2];
  int call; /* in flight */
  /* The reply being read. */
  char *buffer;
  long length, capacity;
  double sentAt;
  /* A request the socket did not take whole. */
  char request[MAX_REQUEST];
  long requestLength, requestWritten;
} Connection;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static long floorDivide(long long a, long long b) {
  long long q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

/* Text appended at p (sprintf costs more than the rest of a request's making). */
static char *put(char *p, const char *text) {
  size_t n = strlen(text);
  memcpy(p, text, n);
  return p + n;
}

static char *putNumber(char *p, long long v) {
  char digits[24];
  int k = 0;
  unsigned long long u = v < 0 ? -(unsigned long long)v : (unsigned long long)v;
  do digits[k++] = (char)('0' + u % 10);
  while ((u /= 10) != 0);
  if (v < 0) *p++ = '-';
  while (k) *p++ = digits[--k];
  return p;
}

/* A request's text: the call's head (with the session id), then its body. */
static long requestText(const Connection *c, int call, const char *body, long bodyLength, char *out) {
  long k = 0;
  memcpy(out, headBefore[call], headBeforeLength[call]);
  k += headBeforeLength[call];
  if (headHasSession[call]) {
    long s = strlen(c->session);
    memcpy(out + k, c->session, s);
    k += s;
    memcpy(out + k, headAfter[call], headAfterLength[call]);
    k += headAfterLength[call];
  }
  /* As the web client does: a reload asks "has it changed since the version I hold?", a move says it holds it. */
  if (c->hasState && call != NEW) {
    char *p = out + k;
    if (call == STATE) p = put(put(p, notModifiedHeader), ": \"");
    else p = put(put(p, versionHeader), ": ");
    p = putNumber(p, c->version);
    p = put(p, call == STATE ? "\"\r\n" : "\r\n");
    k = p - out;
  }
  if (!body) {
    memcpy(out + k, "\r\n", 2);
    return k + 2;
  }
  k = put(putNumber(put(out + k, "content-length: "), bodyLength), "\r\n\r\n") - out;
  memcpy(out + k, body, bodyLength);
  return k + bodyLength;
}

/* bench.ts's nextRequest: the call, and its body in `body` (NULL for a GET). */
static int plan(Connection *c, const char **body, long *bodyLength, char *scratch) {
  const View *s = c->hasState ? &c->views[c->current] : NULL;
  if (!c->hasSession || !s || s->gameOver) {
    *body = newGameBody;
    *bodyLength = newGameBodyLength;
    return NEW;
  }
  *body = scratch;
  if (s->hasEncounter) {
    const char *action = strcmp(s->type, "loanSharkVisit") == 0 ? (s->canSkip ? "skip" : "pay")
                         : strcmp(s->turnOrder, "enemy") == 0  ? "fight"
                         : s->canSurrender                     ? "surrender"
                                                               : "fight";
    const char *target = NULL;
    for (int i = 0; i < s->enemyCount && !target; i++)
      if (s->enemies[i].isAlive) target = s->enemies[i].id;
    char *p = put(put(scratch, "{\"action\":\""), action);
    p = target && strcmp(action, "fight") == 0 ? put(put(put(p, "\",\"targetId\":\""), target), "\"}") : put(p, "\"}");
    *bodyLength = p - scratch;
    return ENCOUNTER;
  }
  int step = ++c->step % 4;
  if (step == 1) {
    *body = NULL;
    return STATE;
  }
  if (step == 2) {
    long long cash = s->cash;
    const Market *pick = NULL;
    for (int i = 0; i < s->marketCount; i++) {
      const Market *m = &s->market[i];
      if (m->quantity > 0 && m->price > 0 && m->price <= cash && (!pick || m->price < pick->price)) pick = m;
    }
    long long spendable = cash - maxFlightPrice;
    if (pick) {
      long long quantity = 5;
      if (s->coatSpace - s->usedSpace < quantity) quantity = s->coatSpace - s->usedSpace;
      if (pick->quantity < quantity) quantity = pick->quantity;
      long long affordable = floorDivide(spendable, pick->price);
      if (affordable < quantity) quantity = affordable;
      if (quantity > 0) {
        char *p = putNumber(put(put(put(scratch, "{\"itemType\":\"drug\",\"itemId\":\""), pick->id), "\",\"quantity\":"), quantity);
        *bodyLength = put(p, "}") - scratch;
        return BUY;
      }
    }
  }
  if (step == 3 || step == 2) {
    for (int i = 0; i < s->heldCount; i++) {
      const Held *h = &s->inventory[i];
      if (h->quantity <= 0) continue;
      for (int j = 0; j < s->marketCount; j++) {
        if (strcmp(s->market[j].id, h->id) == 0) {
          char *p = putNumber(put(put(put(scratch, "{\"drugId\":\""), h->id), "\",\"quantity\":"), h->quantity);
          *bodyLength = put(p, "}") - scratch;
          return SELL;
        }
      }
    }
  }
  if (c->step % 8 < 4) {
    *body = stayBody;
    *bodyLength = stayBodyLength;
    return STAY;
  }
  const char *affordable[MAX_LOCATIONS];
  int count = 0;
  for (int i = 0; i < locationCount; i++)
    if (strcmp(locationIds[i], s->location) != 0 && flightPrices[i] <= s->cash) affordable[count++] = locationIds[i];
  if (count == 0) {
    *body = stayBody;
    *bodyLength = stayBodyLength;
    return STAY;
  }
  *bodyLength = put(put(put(scratch, "{\"destination\":\""), affordable[c->step % count]), "\"}") - scratch;
  return TRAVEL;
}

/* ------------------------------------------------------------------ the run */

static const char *host;
static int port, connections;
static double warmupMs, durationMs;
static double windowAt, endsAt, started;
static int inWindow;
static int epollFd, open_;
static struct rusage usage0;

/* The window's figures. */
static double *latencies;
static long completed, latencyCapacity, errors, byClass[10], replyBytes;
static long readerFailures, unreadable;

/* The pause between two wake-ups (NATIVE_LOAD_PAUSE; see the loop in main). */
#define MAX_PAUSE_US 1000
#define RATE_WINDOW_MS 100
static double pauseUs, rateAt, repliesSinceRate;
static int pauseOn;
static struct {
  long count, non200, notModified, codeCounts[MAX_CODES];
  double totalMs;
  char codes[MAX_CODES][MAX_ID];
  int codeCount;
} perCall[NCALLS];

/* The sample (all runs): one in `sampleEvery` replies that gave a player a state. */
static FILE *sampleFile;
static long sampleEveryWarmup, sampleEveryWindow, sampleCounter, samples;

static void startWindow(void) {
  inWindow = 1;
  started = now();
  completed = errors = replyBytes = 0;
  memset(byClass, 0, sizeof byClass);
  memset(perCall, 0, sizeof perCall);
  getrusage(RUSAGE_SELF, &usage0);
  fputs("WINDOW\n", stdout);
  fflush(stdout);
}

static void openConnection(Connection *c);

static void closeConnection(Connection *c, int reopen) {
  epoll_ctl(epollFd, EPOLL_CTL_DEL, c->fd, NULL);
  close(c->fd);
  c->fd = -1;
  open_--;
  if (reopen && now() < endsAt) openConnection(c);
}

static void writeRequest(Connection *c) {
  while (c->requestWritten < c->requestLength) {
    ssize_t n = send(c->fd, c->request + c->requestWritten, c->requestLength - c->requestWritten, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EAGAIN) {
        struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.ptr = c};
        epoll_ctl(epollFd, EPOLL_CTL_MOD, c->fd, &ev);
        return;
      }
      errors++;
      closeConnection(c, 1);
      return;
    }
    c->requestWritten += n;
  }
}

/* The next request of the connection's player, unless the run is over. */
static void sendNext(Connection *c, double at) {
  if (at >= endsAt) {
    closeConnection(c, 0);
    return;
  }
  if (!gameMode) {
    memcpy(c->request, fixedRequest, fixedRequestLength);
    c->requestLength = fixedRequestLength;
  } else {
    char scratch[512];
    const char *body;
    long bodyLength;
    c->call = plan(c, &body, &bodyLength, scratch);
    c->requestLength = requestText(c, c->call, body, bodyLength, c->request);
  }
  c->requestWritten = 0;
  c->sentAt = now();
  writeRequest(c);
}

static void recordCode(int call, const char *body, long n, int status) {
  char code[MAX_ID];
  if (stringAt(body, n, valueAt(body, n, KEY("\"code\":\""), 0), code) < 0) snprintf(code, sizeof code, "%d", status);
  int i = 0;
  while (i < perCall[call].codeCount && strcmp(perCall[call].codes[i], code) != 0) i++;
  if (i == perCall[call].codeCount) {
    if (i == MAX_CODES) i = MAX_CODES - 1; /* more kinds than kept: the last counts the rest */
    else {
      strcpy(perCall[call].codes[i], code);
      perCall[call].codeCount++;
    }
  }
  perCall[call].codeCounts[i]++;
}

/*
 * What the player makes of a reply (bench.ts's observeReply); returns whether it gave the player a state.
 * `encoded`: the reply has a content-encoding; body[0, n) is its body.
 */
static int observe(Connection *c, int status, int encoded, const char *body, long n, double latencyMs) {
  /* GET state on the version the player holds: not modified, the player keeps what it has. */
  int notModified = status == 304 && c->call == STATE && c->hasState;
  if (inWindow) {
    perCall[c->call].count++;
    perCall[c->call].totalMs += latencyMs;
    if (notModified) perCall[c->call].notModified++;
    else if (status != 200) {
      perCall[c->call].non200++;
      recordCode(c->call, body, n, status);
    }
  }
  if (status != 200) return 0; /* a refusal leaves the state as it was */
  long gameState = valueAt(body, n, KEY("\"gameState\":{"), 0);
  if (gameState < 0 || encoded) {
    /* A compressed reply (or one without a state): not read by this player, who starts over. */
    unreadable++;
    c->hasSession = 0;
    return 0;
  }
  gameState--;
  int isNew = c->call == NEW;
  char session[MAX_ID];
  if (isNew) {
    long s = valueAt(body, n, KEY("\"sessionId\":\""), 0);
    if (s < 0 || s > gameState || stringAt(body, n, s, session) < 0) {
      readerFailures++;
      c->hasSession = 0;
      return 0;
    }
  }
  /* The reply's version and, for a move's change, the version it changes: both come before the state. */
  long long version, since;
  long versionEnd = integerAt(body, gameState, valueAt(body, gameState, KEY("\"version\":"), 0), &version);
  long sinceAt = valueAt(body, gameState, KEY("\"changedSince\":"), 0);
  int isChange = sinceAt >= 0;
  if (versionEnd < 0 || (isChange && (integerAt(body, gameState, sinceAt, &since) < 0 || isNew || !c->hasState || since != c->version))) {
    readerFailures++;
    c->hasSession = 0;
    return 0;
  }
  int next = 1 - c->current;
  if (readView(body, n, gameState, &c->views[next], isChange ? &c->views[c->current] : NULL) < 0) {
    readerFailures++;
    c->hasSession = 0;
    return 0;
  }
  if (isNew) {
    strcpy(c->session, session);
    c->hasSession = 1;
    c->step = 0;
  }
  c->current = next;
  c->hasState = 1;
  c->version = version;
  return 1;
}

/* One sample: the player as nextRequest saw it, the reply, the player's reading of it, the request it chose. */
static void writeSample(const Connection *c, int replyCall, int step, const char *body, long n, const View *before) {
  char view[16384], previous[16384];
  int viewLength = viewJson(&c->views[c->current], view, sizeof view);
  int previousLength = before ? viewJson(before, previous, sizeof previous) : 0;
  fprintf(sampleFile, "%d %d %lld %zu %ld %d %d %ld\n", replyCall, step, c->version, c->hasSession ? strlen(c->session) : 0, n,
          previousLength, viewLength, c->requestLength);
  if (c->hasSession) fputs(c->session, sampleFile);
  fwrite(body, 1, n, sampleFile);
  fwrite(previous, 1, previousLength, sampleFile);
  fwrite(view, 1, viewLength, sampleFile);
  fwrite(c->request, 1, c->requestLength, sampleFile);
  fputc('\n', sampleFile);
  samples++;
}

static void record(double ms, int status) {
  if (completed == latencyCapacity) {
    latencyCapacity = latencyCapacity ? latencyCapacity * 2 : 1 << 16;
    latencies = realloc(latencies, latencyCapacity * sizeof *latencies);
  }
  latencies[completed++] = ms;
  byClass[status / 100 < 9 ? status / 100 : 9]++;
}

static void onReadable(Connection *c) {
  if (c->length == c->capacity) {
    c->capacity *= 2;
    c->buffer = realloc(c->buffer, c->capacity);
  }
  ssize_t got = read(c->fd, c->buffer + c->length, c->capacity - c->length);
  if (got == 0) {
    /* The server closed the connection (idle timeout, error): open another one. */
    closeConnection(c, 1);
    return;
  }
  if (got < 0) {
    if (errno == EAGAIN) return;
    errors++;
    closeConnection(c, 1);
    return;
  }
  c->length += got;
  char *t = c->buffer;
  /* The head's lines, by their '\n' (memchr): the empty one ends the head; content-length is one of them. */
  const char *headEnd = NULL, *lengthAt = NULL;
  int encoded = 0;
  for (const char *line = memchr(t, '\n', c->length); line; line = memchr(line + 1, '\n', t + c->length - line - 1)) {
    long rest = t + c->length - line;
    if (rest >= 3 && line[1] == '\r' && line[2] == '\n') {
      headEnd = line - 1;
      break;
    }
    if (rest > 18 && line[1] == 'c') {
      if (memcmp(line - 1, "\r\ncontent-length: ", 18) == 0) lengthAt = line - 1;
      else if (memcmp(line - 1, "\r\ncontent-encoding:", 19) == 0) encoded = 1;
    }
  }
  if (!headEnd) return;
  long headLength = headEnd - t;
  /* 304 Not Modified has no body and no content-length. */
  int bodiless = c->length >= 12 && t[9] == '3' && t[10] == '0' && t[11] == '4';
  if (!lengthAt && !bodiless) {
    /* Not framed by this client (chunked): count it and start again. */
    errors++;
    closeConnection(c, 1);
    return;
  }
  long length = 0;
  if (lengthAt)
    for (const char *p = lengthAt + 18; p < headEnd && *p >= '0' && *p <= '9'; p++) length = length * 10 + (*p - '0');
  long bodyAt = headLength + 4, end = bodyAt + length;
  if (c->length < end) {
    if (c->capacity < end) {
      while (c->capacity < end) c->capacity *= 2;
      c->buffer = realloc(c->buffer, c->capacity);
    }
    return;
  }
  if (c->length > end) {
    /* Nothing is pipelined: more bytes after a reply are a protocol error. */
    errors++;
    closeConnection(c, 1);
    return;
  }
  double at = now();
  int status = (t[9] - '0') * 100 + (t[10] - '0') * 10 + (t[11] - '0');
  double latencyMs = at - c->sentAt;
  record(latencyMs, status);
  if (inWindow) replyBytes += length;
  int replyCall = c->call;
  /* The state the reply's move was made on (what a change is read onto), for the sample. */
  int hadState = c->hasState && replyCall != NEW;
  View *before = hadState ? &c->views[c->current] : NULL;
  int gaveState = gameMode && observe(c, status, encoded, t + bodyAt, length, latencyMs);
  int step = c->step;
  long generation = c->generation;
  c->length = 0;
  sendNext(c, at);
  /* Sampled when the request went out on the same connection (not closed at the end, nor reopened). */
  long every = inWindow ? sampleEveryWindow : sampleEveryWarmup;
  if (gaveState && sampleFile && c->fd >= 0 && c->generation == generation && sampleCounter++ % every == 0)
    writeSample(c, replyCall, step, t + bodyAt, length, before);
}

static void openConnection(Connection *c) {
  c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (c->fd < 0) die("socket");
  int one = 1;
  setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  inet_pton(AF_INET, host, &address.sin_addr);
  c->connected = 0;
  c->generation++;
  c->hasSession = 0;
  c->hasState = 0;
  c->step = 0;
  c->call = NEW;
  c->length = 0;
  open_++;
  if (connect(c->fd, (struct sockaddr *)&address, sizeof address) < 0 && errno != EINPROGRESS) {
    errors++;
    close(c->fd);
    c->fd = -1;
    open_--;
    return;
  }
  struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.ptr = c};
  epoll_ctl(epollFd, EPOLL_CTL_ADD, c->fd, &ev);
}

static void onWritable(Connection *c) {
  if (!c->connected) {
    int error = 0;
    socklen_t size = sizeof error;
    getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &error, &size);
    if (error) {
      errors++;
      closeConnection(c, 1);
      return;
    }
    c->connected = 1;
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
    epoll_ctl(epollFd, EPOLL_CTL_MOD, c->fd, &ev);
    sendNext(c, now());
    return;
  }
  writeRequest(c);
  if (c->fd >= 0 && c->requestWritten == c->requestLength) {
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
    epoll_ctl(epollFd, EPOLL_CTL_MOD, c->fd, &ev);
  }
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double percentile(double p) {
  if (completed == 0) return 0;
  long i = (long)(p / 100 * completed);
  return latencies[i < completed - 1 ? i : completed - 1];
}

static long microseconds(struct timeval t) { return t.tv_sec * 1000000L + t.tv_usec; }

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  pauseOn = getenv("NATIVE_LOAD_PAUSE") != NULL;
  /* No wake-up preemption of the servers (see the header); NATIVE_LOAD_ORDINARY=1 is the what-if without it. */
  struct sched_param noPriority = {0};
  if (!getenv("NATIVE_LOAD_ORDINARY") && sched_setscheduler(0, SCHED_BATCH, &noPriority) != 0)
    perror("nativeHttpLoad: SCHED_BATCH (the servers' CPU figures will be higher)");
  long capacity = 1 << 16;
  input = malloc(capacity);
  for (ssize_t n; (n = read(0, input + inputLength, capacity - inputLength)) > 0;) {
    inputLength += n;
    if (inputLength == capacity) input = realloc(input, capacity *= 2);
  }
  host = fieldString(NULL);
  port = (int)fieldNumber();
  connections = (int)fieldNumber();
  warmupMs = (double)fieldNumber();
  durationMs = (double)fieldNumber();
  char *sampleFileName = fieldString(NULL);
  sampleEveryWarmup = fieldNumber();
  sampleEveryWindow = fieldNumber();
  fixedRequest = fieldString(&fixedRequestLength);
  gameMode = fixedRequestLength == 0;
  if (gameMode) {
    for (int call = 0; call < NCALLS; call++) {
      long n;
      char *head = fieldString(&n);
      char *mark = memchr(head, SESSION_MARK, n);
      headBefore[call] = head;
      headBeforeLength[call] = mark ? mark - head : n;
      headHasSession[call] = mark != NULL;
      headAfter[call] = mark ? mark + 1 : head + n;
      headAfterLength[call] = mark ? n - (mark + 1 - head) : 0;
    }
    versionHeader = fieldString(NULL);
    notModifiedHeader = fieldString(NULL);
    newGameBody = fieldString(&newGameBodyLength);
    stayBody = fieldString(&stayBodyLength);
    maxFlightPrice = fieldNumber();
    locationCount = (int)fieldNumber();
    if (locationCount > MAX_LOCATIONS) die("too many locations");
    for (int i = 0; i < locationCount; i++) {
      locationIds[i] = fieldString(NULL);
      flightPrices[i] = fieldNumber();
    }
  }
  if (*sampleFileName) {
    sampleFile = fopen(sampleFileName, "w");
    if (!sampleFile) die("cannot write the sample file");
  }
  if (sampleEveryWarmup < 1) sampleEveryWarmup = 1;
  if (sampleEveryWindow < 1) sampleEveryWindow = 1;

  epollFd = epoll_create1(EPOLL_CLOEXEC);
  Connection *all = calloc(connections, sizeof *all);
  started = now();
  rateAt = started;
  windowAt = started + warmupMs;
  endsAt = windowAt + durationMs;
  if (warmupMs <= 0) startWindow();
  for (int i = 0; i < connections; i++) {
    all[i].capacity = READ_BUFFER;
    all[i].buffer = malloc(READ_BUFFER);
    openConnection(&all[i]);
  }
  struct epoll_event events[256];
  while (open_ > 0) {
    double t = now();
    if (!inWindow && t >= windowAt) startWindow();
    /* Wake up for the window's start, and now and then after the end (a connection that never answers). */
    double until = inWindow ? (t < endsAt ? endsAt - t : 1000) : windowAt - t;
    if (t > endsAt + 10000) break;
    int n = epoll_wait(epollFd, events, 256, (int)until + 1);
    for (int i = 0; i < n; i++) {
      Connection *c = events[i].data.ptr;
      if (c->fd < 0) continue;
      if (events[i].events & (EPOLLIN | EPOLLERR | EPOLLHUP)) {
        if (c->connected) onReadable(c);
        else onWritable(c);
      } else if (events[i].events & EPOLLOUT) {
        onWritable(c);
      }
    }
    /*
     * With NATIVE_LOAD_PAUSE (see the header), let replies gather before the next wake-up: the time the server
     * takes to answer a quarter of the connections at the recent rate, at most MAX_PAUSE_US (the servers still
     * have 3/4 of the connections' requests queued).
     */
    if (n > 0 && pauseOn) {
      double t = now();
      repliesSinceRate += n;
      if (t - rateAt >= RATE_WINDOW_MS) {
        double perMs = repliesSinceRate / (t - rateAt);
        pauseUs = perMs > 0 ? connections / 4.0 / perMs * 1000 : 0;
        if (pauseUs > MAX_PAUSE_US) pauseUs = MAX_PAUSE_US;
        rateAt = t;
        repliesSinceRate = 0;
      }
      if (pauseUs >= 1) {
        struct timespec pause = {.tv_sec = 0, .tv_nsec = (long)(pauseUs * 1000)};
        nanosleep(&pause, NULL);
      }
    }
  }
  double elapsedMs = now() - started;
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  if (sampleFile) fclose(sampleFile);
  qsort(latencies, completed, sizeof *latencies, compareDoubles);
  printf("{\"total\":%ld,\"elapsedMs\":%.3f,\"p50Ms\":%.4f,\"p99Ms\":%.4f,\"errors\":%ld,\"statuses\":{", completed, elapsedMs,
         percentile(50), percentile(99), errors);
  for (int cls = 0, first = 1; cls < 10; cls++)
    if (byClass[cls]) {
      printf("%s\"%dxx\":%ld", first ? "" : ",", cls, byClass[cls]);
      first = 0;
    }
  printf("},\"userUs\":%ld,\"systemUs\":%ld,\"replyBytes\":%ld,\"readerFailures\":%ld,\"unreadable\":%ld,\"samples\":%ld,\"calls\":[",
         microseconds(usage.ru_utime) - microseconds(usage0.ru_utime), microseconds(usage.ru_stime) - microseconds(usage0.ru_stime),
         replyBytes, readerFailures, unreadable, samples);
  for (int call = 0; call < NCALLS; call++) {
    printf("%s{\"count\":%ld,\"totalMs\":%.3f,\"non200\":%ld,\"notModified\":%ld,\"codes\":{", call ? "," : "", perCall[call].count,
           perCall[call].totalMs, perCall[call].non200, perCall[call].notModified);
    for (int i = 0; i < perCall[call].codeCount; i++)
      printf("%s\"%s\":%ld", i ? "," : "", perCall[call].codes[i], perCall[call].codeCounts[i]);
    printf("}}");
  }
  printf("]}\n");
  return 0;
}
