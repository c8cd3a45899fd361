/*
 * Tests of the whole carcassonne C API, including misuse: NULL for every pointer, unknown enum
 * values, out-of-range indices, stale actions, undersized buffers, garbage JSON, a truncated
 * .jcz. Built with -std=c11 -Wall -Wextra -Werror -pedantic and run under AddressSanitizer and
 * UndefinedBehaviorSanitizer.
 *
 *   ./test_api PATH/TO/field-scoring.jcz
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carcassonne.h"

static int passed = 0, failed = 0;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (cond) {                                                              \
            passed++;                                                            \
        } else {                                                                 \
            failed++;                                                            \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
        }                                                                        \
    } while (0)

#define STATUS(call, expected) CHECK((call) == (expected))

static carc_game *new_game(const char *config, uint64_t seed) {
    carc_game *g = NULL;
    if (carc_game_new(config, seed, &g) != CARC_OK || g == NULL) {
        fprintf(stderr, "cannot create a game with %s\n", config ? config : "NULL");
        exit(2);
    }
    return g;
}

/* The game's JSON record, malloc'd. */
static char *json_of(const carc_game *g) {
    size_t needed = 0;
    if (carc_game_to_json(g, NULL, 0, &needed) != CARC_BUFFER_TOO_SMALL) exit(2);
    char *buf = malloc(needed + 1);
    if (!buf || carc_game_to_json(g, buf, needed + 1, &needed) != CARC_OK) exit(2);
    return buf;
}

static int same_state(const carc_game *a, const char *json) {
    char *now = json_of(a);
    int same = strcmp(now, json) == 0;
    free(now);
    return same;
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(text);
        return NULL;
    }
    text[size] = '\0';
    fclose(f);
    return text;
}

static void test_version_and_statuses(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", CARC_VERSION_MAJOR, CARC_VERSION_MINOR,
             CARC_VERSION_PATCH);
    CHECK(strcmp(carc_version(), expected) == 0);
    for (uint32_t s = 0; s <= CARC_INTERNAL_ERROR; s++) CHECK(strlen(carc_status_str(s)) > 0);
    CHECK(strcmp(carc_status_str(CARC_OK), "ok") == 0);
    CHECK(strcmp(carc_status_str(999), "unknown status") == 0);
}

static void test_creation_errors(void) {
    carc_game *sentinel = (carc_game *)&passed; /* never dereferenced */
    carc_game *g = sentinel;
    STATUS(carc_game_new(NULL, 1, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_new("{not json", 1, &g), CARC_PARSE_ERROR);
    CHECK(g == sentinel);
    STATUS(carc_game_new("{\"players\": 2, \"farmers\": true}", 1, &g), CARC_PARSE_ERROR);
    STATUS(carc_game_new("{\"players\": 9}", 1, &g), CARC_CONFIG_ERROR);
    CHECK(g == sentinel);
    char message[256];
    size_t needed = 0;
    STATUS(carc_last_error(message, sizeof message, &needed), CARC_OK);
    CHECK(strstr(message, "9 players") != NULL);
    CHECK(needed == strlen(message));
    STATUS(carc_last_error(message, 3, &needed), CARC_BUFFER_TOO_SMALL);
    STATUS(carc_last_error(NULL, 0, NULL), CARC_NULL_ARGUMENT);
    const char bad_utf8[] = {'{', '"', (char)0xff, '"', '}', 0};
    STATUS(carc_game_new(bad_utf8, 1, &g), CARC_INVALID_ARGUMENT);
    CHECK(g == sentinel);
    carc_game_free(NULL);
    STATUS(carc_game_new("{\"players\": 3, \"rules\": {\"farmers\": false}}", 1, &g), CARC_OK);
    uint32_t players = 0;
    STATUS(carc_game_players(g, &players), CARC_OK);
    CHECK(players == 3);
    carc_game_free(g);
}

static void test_null_arguments(void) {
    carc_game *g = new_game(NULL, 2);
    uint32_t u = 7;
    size_t n = 7;
    bool b = false;
    char buf[16];
    carc_action a;
    memset(&a, 0, sizeof a);
    carc_event e;
    carc_tile_info t;
    carc_figure_info f;
    carc_chance c;
    const char *name = NULL;
    carc_game *out = NULL;
    /* NULL game */
    STATUS(carc_game_players(NULL, &u), CARC_NULL_ARGUMENT);
    STATUS(carc_game_current_player(NULL, &u), CARC_NULL_ARGUMENT);
    STATUS(carc_game_pending(NULL, &u), CARC_NULL_ARGUMENT);
    STATUS(carc_game_current_tile(NULL, &u), CARC_NULL_ARGUMENT);
    STATUS(carc_game_is_over(NULL, &b), CARC_NULL_ARGUMENT);
    STATUS(carc_game_legal_actions(NULL, &a, 1, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_legal_action_count(NULL, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_play(NULL, &a), CARC_NULL_ARGUMENT);
    STATUS(carc_game_play_index(NULL, 0), CARC_NULL_ARGUMENT);
    STATUS(carc_game_events(NULL, &e, 1, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_score(NULL, 0, &u), CARC_NULL_ARGUMENT);
    STATUS(carc_game_followers(NULL, 0, &u), CARC_NULL_ARGUMENT);
    STATUS(carc_game_tiles_left(NULL, &u), CARC_NULL_ARGUMENT);
    STATUS(carc_game_board(NULL, &t, 1, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_figures(NULL, &f, 1, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_board_text(NULL, buf, sizeof buf, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_draw(NULL, 0), CARC_NULL_ARGUMENT);
    STATUS(carc_game_chance_outcomes(NULL, &c, 1, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_to_json(NULL, buf, sizeof buf, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_clone(NULL, &out), CARC_NULL_ARGUMENT);
    STATUS(carc_game_player_name(NULL, 0, buf, sizeof buf, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_from_json(NULL, &out), CARC_NULL_ARGUMENT);
    STATUS(carc_game_from_jcz(NULL, &out), CARC_NULL_ARGUMENT);
    CHECK(out == NULL);
    /* NULL out-parameters */
    STATUS(carc_game_players(g, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_current_player(g, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_pending(g, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_current_tile(g, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_is_over(g, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_legal_actions(g, &a, 1, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_legal_actions(g, NULL, 100, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_legal_action_count(g, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_play(g, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_events(g, &e, 1, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_score(g, 0, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_followers(g, 0, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_tiles_left(g, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_board(g, &t, 1, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_board(g, NULL, 10, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_figures(g, &f, 1, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_board_text(g, buf, sizeof buf, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_board_text(g, NULL, 1000, &n), CARC_NULL_ARGUMENT);
    STATUS(carc_game_chance_outcomes(g, &c, 1, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_to_json(g, buf, sizeof buf, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_clone(g, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_player_name(g, 0, buf, sizeof buf, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_from_json("{}", NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_from_jcz("{}", NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_tile_count(NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_tile_name(0, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_tile_find(NULL, &u), CARC_NULL_ARGUMENT);
    STATUS(carc_tile_find("D", NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_location_name(CARC_LOCATION_CENTRE, buf, sizeof buf, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_action_to_string(NULL, buf, sizeof buf, &n), CARC_NULL_ARGUMENT);
    CHECK(u == 7 && name == NULL);
    carc_game_free(g);
}

static void test_tiles_and_locations(void) {
    uint32_t count = 0, d = 0;
    const char *name = NULL;
    STATUS(carc_tile_count(&count), CARC_OK);
    CHECK(count >= 24);
    STATUS(carc_tile_find("D", &d), CARC_OK);
    STATUS(carc_tile_name(d, &name), CARC_OK);
    CHECK(name != NULL && strcmp(name, "D") == 0);
    uint32_t jcz = 0;
    STATUS(carc_tile_find("BA/RCr", &jcz), CARC_OK);
    CHECK(jcz == d);
    uint32_t untouched = 12345;
    STATUS(carc_tile_find("no such tile", &untouched), CARC_PARSE_ERROR);
    CHECK(untouched == 12345);
    STATUS(carc_tile_name(count, &name), CARC_INDEX_OUT_OF_RANGE);
    char text[32];
    size_t n = 0;
    STATUS(carc_location_name(CARC_LOCATION_CENTRE, text, sizeof text, &n), CARC_OK);
    CHECK(strcmp(text, "I") == 0 && n == 1);
    /* A city on the north and west edges: the middle bits of N (1) and W (10). */
    STATUS(carc_location_name(0x0402, text, sizeof text, &n), CARC_OK);
    CHECK(strcmp(text, "NW") == 0);
    STATUS(carc_location_name(0, text, sizeof text, &n), CARC_INVALID_ARGUMENT);
    STATUS(carc_location_name(0x7FFF, text, sizeof text, &n), CARC_INVALID_ARGUMENT);
    STATUS(carc_location_name(0x0003, text, sizeof text, &n), CARC_INVALID_ARGUMENT);
}

static void test_actions(void) {
    carc_game *g = new_game("{\"players\": 2}", 3);
    char *before = json_of(g);
    size_t n = 0, len = 0;
    STATUS(carc_game_legal_action_count(g, &n), CARC_OK);
    CHECK(n > 1);
    STATUS(carc_game_legal_actions(g, NULL, 0, &len), CARC_BUFFER_TOO_SMALL);
    CHECK(len == n);
    carc_action small[1];
    memset(small, 0xAB, sizeof small);
    STATUS(carc_game_legal_actions(g, small, 1, &len), CARC_BUFFER_TOO_SMALL);
    CHECK(len == n && small[0].kind == 0xABABABABu);
    STATUS(carc_game_legal_actions(g, NULL, n, &len), CARC_NULL_ARGUMENT);
    carc_action *actions = malloc(n * sizeof *actions);
    STATUS(carc_game_legal_actions(g, actions, n, &len), CARC_OK);
    CHECK(len == n && actions[0].kind == CARC_ACTION_PLACE && actions[0].epoch != 0);
    /* Room for four placements per open position (written without a count first): the same
     * actions, in the same order. */
    carc_action roomy[1024];
    STATUS(carc_game_legal_actions(g, roomy, 1024, &len), CARC_OK);
    CHECK(len == n && memcmp(actions, roomy, n * sizeof *actions) == 0);
    char text[64];
    STATUS(carc_action_to_string(&actions[0], text, sizeof text, &len), CARC_OK);
    CHECK(strncmp(text, "place ", 6) == 0);
    STATUS(carc_action_to_string(&actions[0], text, 4, &len), CARC_BUFFER_TOO_SMALL);

    /* Bad values: each refused with its own status, the game unchanged. */
    carc_action bad = actions[0];
    bad.kind = 99;
    STATUS(carc_game_play(g, &bad), CARC_INVALID_ARGUMENT);
    bad = actions[0];
    bad.rotation = 45;
    STATUS(carc_game_play(g, &bad), CARC_INVALID_ARGUMENT);
    bad = actions[0];
    bad.tile = 100000;
    STATUS(carc_game_play(g, &bad), CARC_INVALID_ARGUMENT);
    bad = actions[0];
    bad.x = 40;
    bad.y = 40;
    STATUS(carc_game_play(g, &bad), CARC_ILLEGAL_ACTION);
    bad.epoch = 0;
    STATUS(carc_game_play(g, &bad), CARC_ILLEGAL_ACTION);
    carc_action deploy = actions[0];
    deploy.kind = CARC_ACTION_DEPLOY;
    deploy.feature = 77;
    STATUS(carc_game_play(g, &deploy), CARC_INVALID_ARGUMENT);
    deploy.feature = CARC_FEATURE_CITY;
    deploy.location = 0x0003;
    STATUS(carc_game_play(g, &deploy), CARC_INVALID_ARGUMENT);
    deploy.location = CARC_LOCATION_CENTRE;
    deploy.figure = 9;
    STATUS(carc_game_play(g, &deploy), CARC_INVALID_ARGUMENT);
    STATUS(carc_game_play_index(g, n), CARC_INDEX_OUT_OF_RANGE);
    STATUS(carc_game_play_index(g, (size_t)-1), CARC_INDEX_OUT_OF_RANGE);
    CHECK(same_state(g, before));

    /* A legal action plays; the old list is then stale. */
    STATUS(carc_game_play(g, &actions[0]), CARC_OK);
    carc_event events[16];
    STATUS(carc_game_events(g, events, 16, &len), CARC_OK);
    CHECK(len >= 1 && events[0].kind == CARC_EVENT_TILE_PLACED && events[0].player == 0);
    char *after = json_of(g);
    STATUS(carc_game_play(g, &actions[n > 1 ? 1 : 0]), CARC_STALE_ACTION);
    CHECK(same_state(g, after));
    free(actions);
    free(before);
    free(after);
    carc_game_free(g);
}

static void test_queries_and_records(void) {
    carc_game *g = new_game("{\"players\": 2, \"names\": [\"Ann\", \"Bob\"]}", 11);
    uint32_t u = 0;
    STATUS(carc_game_score(g, 2, &u), CARC_INDEX_OUT_OF_RANGE);
    STATUS(carc_game_followers(g, 5, &u), CARC_INDEX_OUT_OF_RANGE);
    STATUS(carc_game_followers(g, 1, &u), CARC_OK);
    CHECK(u == 7);
    STATUS(carc_game_tiles_left(g, &u), CARC_OK);
    CHECK(u == 70); /* 71 in the stack, one drawn */
    char name[8];
    size_t n = 0;
    STATUS(carc_game_player_name(g, 1, name, sizeof name, &n), CARC_OK);
    CHECK(strcmp(name, "Bob") == 0);
    STATUS(carc_game_player_name(g, 1, name, 3, &n), CARC_BUFFER_TOO_SMALL);
    CHECK(n == 3);
    STATUS(carc_game_player_name(g, 9, name, sizeof name, &n), CARC_INDEX_OUT_OF_RANGE);
    /* Automatic draws: drawing by hand is refused. */
    STATUS(carc_game_draw(g, 0), CARC_ILLEGAL_DRAW);

    /* Play the whole game by index. */
    bool over = false;
    int guard = 0;
    while (!over && guard++ < 1000) {
        size_t count = 0;
        STATUS(carc_game_legal_action_count(g, &count), CARC_OK);
        STATUS(carc_game_play_index(g, count / 2), CARC_OK);
        STATUS(carc_game_is_over(g, &over), CARC_OK);
    }
    CHECK(over);
    uint32_t pending = 0;
    STATUS(carc_game_pending(g, &pending), CARC_OK);
    CHECK(pending == CARC_PENDING_GAME_OVER);
    STATUS(carc_game_play_index(g, 0), CARC_INDEX_OUT_OF_RANGE);
    carc_event events[64];
    STATUS(carc_game_events(g, events, 64, &n), CARC_OK);
    CHECK(n >= 1 && events[n - 1].kind == CARC_EVENT_GAME_OVER);
    size_t tiles = 0, figures = 0;
    STATUS(carc_game_board(g, NULL, 0, &tiles), CARC_BUFFER_TOO_SMALL);
    CHECK(tiles > 60 && tiles <= 72);
    carc_tile_info *board = malloc(tiles * sizeof *board);
    STATUS(carc_game_board(g, board, tiles, &n), CARC_OK);
    CHECK(board[0].x == 0 && board[0].y == 0 && board[0].rotation == 0);
    free(board);
    carc_figure_info figs[32];
    STATUS(carc_game_figures(g, figs, 32, &figures), CARC_OK);
    CHECK(figures <= 14);

    /* Records round-trip. */
    char *json = json_of(g);
    carc_game *copy = NULL;
    STATUS(carc_game_from_json(json, &copy), CARC_OK);
    CHECK(copy != NULL && same_state(copy, json));
    carc_game_free(copy);
    copy = NULL;
    STATUS(carc_game_from_json("{\"format\": 1", &copy), CARC_PARSE_ERROR);
    STATUS(carc_game_from_json(
               "{\"format\":\"carcassonne-record\",\"version\":1,\"config\":{\"players\":2},"
               "\"seed\":1,\"draws\":[],\"actions\":[\"pass\"]}",
               &copy),
           CARC_RECORD_ERROR);
    STATUS(carc_game_from_json(
               "{\"format\":\"carcassonne-record\",\"version\":1,\"config\":{\"players\":7},"
               "\"seed\":1,\"draws\":[],\"actions\":[]}",
               &copy),
           CARC_CONFIG_ERROR);
    STATUS(carc_game_from_json(
               "{\"format\":\"carcassonne-record\",\"version\":1,\"config\":{\"players\":2},"
               "\"seed\":1,\"draws\":[\"Nope\"],\"actions\":[]}",
               &copy),
           CARC_PARSE_ERROR);
    CHECK(copy == NULL);
    free(json);

    /* Clones are independent. */
    carc_game *fresh = new_game(NULL, 5);
    carc_game *clone = NULL;
    STATUS(carc_game_clone(fresh, &clone), CARC_OK);
    STATUS(carc_game_play_index(clone, 0), CARC_OK);
    char *a = json_of(fresh);
    char *b = json_of(clone);
    CHECK(strcmp(a, b) != 0);
    free(a);
    free(b);

    /* carc_game_clone_from: the played clone becomes `fresh` again, in its own memory, with
     * its events (none: `fresh` has not played). An action listed on the clone before the
     * copy is stale afterwards, also once the copy has played as many plays again. */
    carc_action before_copy[128];
    size_t listed_before = 0;
    STATUS(carc_game_legal_actions(clone, before_copy, 128, &listed_before), CARC_OK);
    CHECK(listed_before > 0);
    size_t event_count = 0;
    STATUS(carc_game_events(clone, NULL, 0, &event_count), CARC_BUFFER_TOO_SMALL);
    CHECK(event_count > 0);
    STATUS(carc_game_clone_from(clone, fresh), CARC_OK);
    STATUS(carc_game_events(clone, NULL, 0, &event_count), CARC_OK);
    CHECK(event_count == 0);
    a = json_of(fresh);
    CHECK(same_state(clone, a));
    free(a);
    STATUS(carc_game_play(clone, &before_copy[0]), CARC_STALE_ACTION);
    /* Actions listed on the source are current for the copy (the same epoch). */
    carc_action listed[128];
    size_t count = 0;
    STATUS(carc_game_legal_actions(fresh, listed, 128, &count), CARC_OK);
    CHECK(count > 1);
    STATUS(carc_game_play(clone, &listed[count - 1]), CARC_OK);
    STATUS(carc_game_play(clone, &before_copy[0]), CARC_STALE_ACTION);
    /* ... and the copy's play leaves the source as it was: listed[0] is still current there,
     * not on the copy, which has moved on. */
    STATUS(carc_game_play(clone, &listed[0]), CARC_STALE_ACTION);
    STATUS(carc_game_play(fresh, &listed[0]), CARC_OK);
    /* A copy into itself does nothing; NULL on either side is refused. */
    a = json_of(clone);
    STATUS(carc_game_clone_from(clone, clone), CARC_OK);
    CHECK(same_state(clone, a));
    char message[256];
    size_t needed = 0;
    STATUS(carc_game_clone_from(NULL, fresh), CARC_NULL_ARGUMENT);
    STATUS(carc_last_error(message, sizeof message, &needed), CARC_OK);
    CHECK(strstr(message, "`dst`") != NULL);
    STATUS(carc_game_clone_from(clone, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_last_error(message, sizeof message, &needed), CARC_OK);
    CHECK(strstr(message, "`src`") != NULL);
    CHECK(same_state(clone, a)); /* unchanged */
    free(a);
    /* Into a game of another config, and back: a 3-player game of six sets with the states of
     * the Count, the Traders, the score track and the messages. */
    carc_game *big = new_game("{\"players\":3,\"sets\":[\"base\",\"inns\",\"traders\",\"count\","
                              "\"robbers\",\"messages\"]}", 9);
    for (int i = 0; i < 40; i++) STATUS(carc_game_play_index(big, 0), CARC_OK);
    STATUS(carc_game_clone_from(clone, big), CARC_OK);
    a = json_of(big);
    CHECK(same_state(clone, a));
    free(a);
    STATUS(carc_game_clone_from(big, fresh), CARC_OK);
    a = json_of(fresh);
    CHECK(same_state(big, a));
    free(a);
    carc_game_free(big);
    carc_game_free(clone);
    carc_game_free(fresh);
    carc_game_free(g);
}

static void test_explicit_draws(void) {
    carc_game *g = new_game("{\"players\": 2, \"explicit_draws\": true}", 0);
    uint32_t pending = 9, tile = 0;
    STATUS(carc_game_pending(g, &pending), CARC_OK);
    CHECK(pending == CARC_PENDING_DRAW);
    STATUS(carc_game_current_tile(g, &tile), CARC_OK);
    CHECK(tile == CARC_NO_TILE);
    size_t n = 0;
    STATUS(carc_game_legal_action_count(g, &n), CARC_OK);
    CHECK(n == 0);
    STATUS(carc_game_play_index(g, 0), CARC_INDEX_OUT_OF_RANGE);
    carc_chance outcomes[64];
    STATUS(carc_game_chance_outcomes(g, outcomes, 64, &n), CARC_OK);
    CHECK(n == 24);
    double total = 0;
    for (size_t i = 0; i < n; i++) total += outcomes[i].probability;
    CHECK(total > 0.999999 && total < 1.000001);
    for (size_t i = 0; i < n; i++) CHECK(outcomes[i].kind == CARC_CHANCE_TILE);
    STATUS(carc_game_draw(g, 100000), CARC_INVALID_ARGUMENT);
    STATUS(carc_game_resolve_chance(g, 77, 0), CARC_INVALID_ARGUMENT);
    STATUS(carc_game_resolve_chance(g, CARC_CHANCE_TILE, 100000), CARC_INVALID_ARGUMENT);
    STATUS(carc_game_resolve_chance(NULL, CARC_CHANCE_TILE, 0), CARC_NULL_ARGUMENT);
    uint32_t c = 0;
    STATUS(carc_tile_find("C", &c), CARC_OK);
    STATUS(carc_game_draw(g, c), CARC_OK);
    STATUS(carc_game_draw(g, c), CARC_ILLEGAL_DRAW); /* a tile is in hand already */
    STATUS(carc_game_current_tile(g, &tile), CARC_OK);
    CHECK(tile == c);
    STATUS(carc_game_play_index(g, 0), CARC_OK);
    STATUS(carc_game_pending(g, &pending), CARC_OK);
    if (pending == CARC_PENDING_DEPLOY) STATUS(carc_game_play_index(g, 0), CARC_OK);
    STATUS(carc_game_draw(g, c), CARC_ILLEGAL_DRAW); /* C had one copy: none left */
    STATUS(carc_game_resolve_chance(g, CARC_CHANCE_TILE, c), CARC_ILLEGAL_DRAW);
    /* Every listed outcome resolves the next draw. */
    STATUS(carc_game_chance_outcomes(g, outcomes, 64, &n), CARC_OK);
    CHECK(n > 0);
    STATUS(carc_game_resolve_chance(g, outcomes[n - 1].kind, outcomes[n - 1].value), CARC_OK);
    STATUS(carc_game_current_tile(g, &tile), CARC_OK);
    CHECK(tile == outcomes[n - 1].value);
    carc_game_free(g);
}

/* Every code of every enum crosses the boundary and comes back as itself: figures, features,
 * quarters and action kinds through carc_action_to_string; unknown values are refused. Every
 * score reason and event kind of whole games with every set carries only its own fields. */
static void test_every_code_round_trips(void) {
    const char *figures[] = {"follower", "large_follower", "builder", "pig"};
    const uint32_t figure_codes[] = {CARC_FIGURE_FOLLOWER, CARC_FIGURE_LARGE_FOLLOWER,
                                     CARC_FIGURE_BUILDER, CARC_FIGURE_PIG};
    const char *features[] = {"road", "city", "monastery", "field", "river", "shrine"};
    const uint32_t feature_codes[] = {CARC_FEATURE_ROAD, CARC_FEATURE_CITY, CARC_FEATURE_MONASTERY,
                                      CARC_FEATURE_FIELD, CARC_FEATURE_RIVER, CARC_FEATURE_SHRINE};
    const char *quarters[] = {"castle", "market", "blacksmith", "cathedral"};
    const uint32_t quarter_codes[] = {CARC_QUARTER_CASTLE, CARC_QUARTER_MARKET,
                                      CARC_QUARTER_BLACKSMITH, CARC_QUARTER_CATHEDRAL};
    char text[128], expected[128];
    size_t needed = 0;
    carc_action a = {0};
    for (size_t f = 0; f < 4; f++) {
        for (size_t k = 0; k < 6; k++) {
            a.kind = CARC_ACTION_DEPLOY;
            a.figure = figure_codes[f];
            a.feature = feature_codes[k];
            a.x = 1;
            a.y = -2;
            a.location = CARC_LOCATION_CENTRE;
            STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
            snprintf(expected, sizeof expected, "deploy %s 1,-2 %s I", figures[f], features[k]);
            CHECK(strcmp(text, expected) == 0);
        }
    }
    for (size_t q = 0; q < 4; q++) {
        a.kind = CARC_ACTION_MOVE_COUNT;
        a.quarter = quarter_codes[q];
        STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
        snprintf(expected, sizeof expected, "count %s", quarters[q]);
        CHECK(strcmp(text, expected) == 0);
        a.kind = CARC_ACTION_ENTER_CITY;
        a.figure = CARC_FIGURE_LARGE_FOLLOWER;
        STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
        snprintf(expected, sizeof expected, "enter large_follower %s", quarters[q]);
        CHECK(strcmp(text, expected) == 0);
    }
    const uint32_t kinds[] = {CARC_ACTION_PASS, CARC_ACTION_DOUBLE_TURN};
    const char *kind_names[] = {"pass", "double_turn"};
    for (size_t i = 0; i < 2; i++) {
        a.kind = kinds[i];
        STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
        CHECK(strcmp(text, kind_names[i]) == 0);
    }
    a.kind = CARC_ACTION_DEPLOY;
    a.figure = CARC_FIGURE_RINGMASTER + 1;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.figure = CARC_FIGURE_FOLLOWER;
    a.feature = 6;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_MOVE_COUNT;
    a.quarter = CARC_QUARTER_NONE;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_ACROBAT;
    a.x = 2;
    a.y = -1;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "acrobat 2,-1") == 0);
    a.kind = CARC_ACTION_SCORE_PYRAMID;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "pyramid 2,-1") == 0);
    a.kind = CARC_ACTION_PLACE_INGOT;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "ingot 2,-1") == 0);
    a.kind = CARC_ACTION_TAKE_INGOT;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "take_ingot 2,-1") == 0);
    a.kind = CARC_ACTION_FLY;
    a.figure = CARC_FIGURE_LARGE_FOLLOWER;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "fly large_follower") == 0);
    a.kind = CARC_ACTION_REMOVE_MAGIC;
    a.magic = CARC_MAGIC_WITCH;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "remove_magic witch") == 0);
    a.magic = CARC_MAGIC_NONE;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_PLACE_MAGIC;
    a.magic = CARC_MAGIC_NONE + 1;
    a.feature = CARC_FEATURE_ROAD;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_PLACE_FERRY;
    a.location = CARC_LOCATION_W | CARC_LOCATION_E;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "ferry 2,-1 WE") == 0);
    a.kind = CARC_ACTION_MOVE_FERRY;
    a.location = CARC_LOCATION_S | CARC_LOCATION_E;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "move_ferry 2,-1 SE") == 0);
    a.location = 0;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_CROP_OPTION;
    a.crop_option = CARC_CROP_DEPLOY;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "crop_option deploy") == 0);
    a.crop_option = CARC_CROP_RETURN;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "crop_option return") == 0);
    a.crop_option = CARC_CROP_NONE;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_CROP_DEPLOY;
    a.figure = CARC_FIGURE_LARGE_FOLLOWER;
    a.feature = CARC_FEATURE_FIELD;
    a.location = CARC_LOCATION_CENTRE;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "crop_deploy large_follower 2,-1 field I") == 0);
    a.kind = CARC_ACTION_CROP_RETURN;
    a.figure = CARC_FIGURE_RINGMASTER;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "crop_return ringmaster 2,-1 field I") == 0);
    a.figure = CARC_FIGURE_RINGMASTER + 1;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_PLACE_ROBBER;
    a.space = 17;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "robber 17") == 0);
    a.space = 50;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_ROB;
    a.robbed = 2;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "rob 2") == 0);
    a.robbed = 6;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_SCORE_FIRST;
    a.feature = CARC_FEATURE_CITY;
    a.location = CARC_LOCATION_N;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "score_first 2,-1 city N") == 0);
    a.kind = CARC_ACTION_SCORING_FIGURE;
    a.track_figure = 1;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "scoring_figure 1") == 0);
    a.track_figure = 2;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_MESSAGE_POINTS;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "message_points") == 0);
    a.kind = CARC_ACTION_MESSAGE_ACTION;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "message_action") == 0);
    a.kind = CARC_ACTION_MESSAGE_FEATURE;
    a.feature = CARC_FEATURE_ROAD;
    a.location = CARC_LOCATION_E;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "message_feature 2,-1 road E") == 0);
    a.location = 0;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_MESSAGE_FOLLOWER;
    a.figure = CARC_FIGURE_LARGE_FOLLOWER;
    a.feature = CARC_FEATURE_CITY;
    a.location = CARC_LOCATION_N;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_OK);
    CHECK(strcmp(text, "message_follower large_follower 2,-1 city N") == 0);
    a.figure = CARC_FIGURE_RINGMASTER + 1;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);
    a.kind = CARC_ACTION_MESSAGE_FOLLOWER + 1;
    STATUS(carc_action_to_string(&a, text, sizeof text, &needed), CARC_INVALID_ARGUMENT);

    /* Whole games with every set: each listed action plays from its C form; each event and
     * each score reason fills only its own fields. */
    uint32_t reasons[11] = {0}, event_kinds[32] = {0};
    for (uint64_t seed = 0; seed < 10; seed++) {
        carc_game *g = new_game("{\"players\": 4, \"sets\": [\"base\", \"inns\", \"traders\", "
                                "\"river\", \"river2\", \"king_robber\", \"cult\", \"count\", "
                                "\"big_top\", \"flying_machines\", \"gold_mines\", "
                                "\"mage_witch\", \"ferries\", \"crop_circles\", \"robbers\", "
                                "\"messages\"]}",
                                seed);
        bool over = false;
        int guard = 0;
        while (!over && guard++ < 3000) {
            carc_action actions[1024], counted[1024];
            size_t len = 0, count = 0;
            /* A copy that plays by index what the policy below picks from the list. */
            carc_game *by_index = NULL;
            STATUS(carc_game_clone(g, &by_index), CARC_OK);
            /* Listed with room to spare and into exactly their number (counted first): the
             * same actions, each stamped with the same epoch; a buffer one short is untouched. */
            STATUS(carc_game_legal_actions(g, actions, 1024, &len), CARC_OK);
            STATUS(carc_game_legal_action_count(g, &count), CARC_OK);
            CHECK(count == len && len > 0);
            memset(counted, 0xAB, sizeof counted);
            STATUS(carc_game_legal_actions(g, counted, len - 1, &count), CARC_BUFFER_TOO_SMALL);
            CHECK(count == len && counted[0].kind == 0xABABABABu);
            STATUS(carc_game_legal_actions(g, counted, len, &count), CARC_OK);
            CHECK(count == len && memcmp(actions, counted, len * sizeof *actions) == 0);
            /* A policy that reaches every kind: the City, pyramids, acrobats, flights and
             * deployments on roads, cities and monasteries (which complete, and claim gold)
             * in turn, otherwise a pseudo-random action. */
            size_t pick = (size_t)(guard * 7) % len;
            int best = 0;
            for (size_t i = 0; i < len; i++) {
                uint32_t k = actions[i].kind;
                int want = 0;
                if (k == CARC_ACTION_ENTER_CITY || k == CARC_ACTION_LEAVE_CITY
                    || k == CARC_ACTION_SCORE_PYRAMID) {
                    want = 5;
                } else if (k == CARC_ACTION_ACROBAT) {
                    want = 4;
                } else if (k == CARC_ACTION_FLY) {
                    want = 3;
                } else if (k == CARC_ACTION_DEPLOY && guard % 3 != 2
                           && actions[i].feature != CARC_FEATURE_FIELD) {
                    want = 2;
                } else if ((k == CARC_ACTION_DEPLOY && guard % 3 == 0) || k == CARC_ACTION_PLACE_ROBBER) {
                    want = 1;
                }
                if (want > best) {
                    best = want;
                    pick = i;
                }
            }
            STATUS(carc_game_play(g, &actions[pick]), CARC_OK);
            STATUS(carc_game_play_index(by_index, pick), CARC_OK);
            char *played = json_of(g);
            CHECK(same_state(by_index, played));
            free(played);
            carc_game_free(by_index);
            carc_event events[128];
            size_t n = 0;
            STATUS(carc_game_events(g, events, 128, &n), CARC_OK);
            for (size_t i = 0; i < n; i++) {
                carc_event e = events[i];
                CHECK(e.kind <= CARC_EVENT_MESSAGE_DRAWN);
                /* The score track (robbers, messages): every award names the figure it moved. */
                CHECK((e.track_figure >= 0) == (e.kind == CARC_EVENT_SCORED) && e.track_figure <= 1);
                /* The messages' fields: only their event and reason fill them. */
                CHECK((e.message != CARC_MESSAGE_NONE)
                      == (e.kind == CARC_EVENT_MESSAGE_DRAWN || e.reason == CARC_REASON_MESSAGE));
                CHECK(e.message <= CARC_MESSAGE_SCORE_AND_RETURN);
                CHECK(e.seal <= (e.reason == CARC_REASON_MESSAGE));
                CHECK((e.counted != 0) <= (e.reason == CARC_REASON_MESSAGE));
                CHECK((e.message_reason != CARC_REASON_NONE) <= (e.reason == CARC_REASON_MESSAGE));
                /* The robbers' fields: only their events and the robbery reason fill them. */
                bool robber_event = e.kind == CARC_EVENT_ROBBER_PLACED
                                    || e.kind == CARC_EVENT_ROBBER_MOVED;
                CHECK((e.victim >= 0) == (e.reason == CARC_REASON_ROBBERY));
                CHECK((e.award != 0) == (e.reason == CARC_REASON_ROBBERY));
                CHECK(e.space < 50 && e.from_space < 50);
                CHECK(e.space == 0 || robber_event || e.reason == CARC_REASON_ROBBERY);
                CHECK(e.from_space == 0 || e.kind == CARC_EVENT_ROBBER_MOVED);
                CHECK(e.with_player == -1 || e.kind == CARC_EVENT_ROBBER_MOVED);
                if (e.kind == CARC_EVENT_ROBBER_MOVED) CHECK(e.from_space != e.space);
                if (e.reason == CARC_REASON_ROBBERY) {
                    CHECK(e.victim != e.player && e.points == (e.award + 1) / 2);
                }
                CHECK((e.from_location != 0) == (e.kind == CARC_EVENT_FERRY_MOVED));
                if (e.kind == CARC_EVENT_FERRY_PLACED || e.kind == CARC_EVENT_FERRY_MOVED) {
                    /* Two road ends: two edge bits. */
                    uint32_t bits = e.location, n = 0;
                    for (; bits; bits &= bits - 1) n++;
                    CHECK(n == 2 && e.location != e.from_location);
                }
                CHECK((e.crop_option != CARC_CROP_NONE) == (e.kind == CARC_EVENT_CROP_OPTION_CHOSEN));
                CHECK(e.crop_option <= CARC_CROP_NONE);
                event_kinds[e.kind]++;
                CHECK((e.animal != CARC_ANIMAL_NONE)
                      == (e.kind == CARC_EVENT_ANIMAL_REVEALED || e.reason == CARC_REASON_BIG_TOP));
                CHECK((e.direction != 0) <= (e.kind == CARC_EVENT_FLIER_LAUNCHED));
                CHECK(e.direction <= CARC_DIRECTION_NW);
                CHECK((e.distance != 0) == (e.kind == CARC_EVENT_DIE_ROLLED));
                CHECK(e.distance <= 3);
                if (e.kind == CARC_EVENT_MAGIC_FIGURE_MOVED || e.kind == CARC_EVENT_MAGIC_FIGURE_REMOVED) {
                    CHECK(e.magic < CARC_MAGIC_NONE);
                } else if (e.reason != CARC_REASON_FEATURE && e.message_reason != CARC_REASON_FEATURE) {
                    CHECK(e.magic == CARC_MAGIC_NONE);
                }
                CHECK((e.ingots != 0) <= (e.kind == CARC_EVENT_SCORED && e.reason == CARC_REASON_GOLD));
                if (e.kind != CARC_EVENT_SCORED) {
                    CHECK(e.reason == CARC_REASON_NONE && e.points == 0);
                    continue;
                }
                CHECK(e.reason <= CARC_REASON_MESSAGE && e.reason != CARC_REASON_NONE);
                reasons[e.reason]++;
                switch (e.reason) {
                case CARC_REASON_FEATURE:
                    CHECK(e.feature != CARC_FEATURE_FIELD && e.feature != CARC_FEATURE_RIVER);
                    CHECK(e.tiles > 0 && e.cities == 0 && e.goods == 0 && e.token == 0);
                    CHECK((e.bonuses & (CARC_BONUS_PIG | CARC_BONUS_PIG_HERD)) == 0);
                    break;
                case CARC_REASON_FIELD:
                    CHECK(e.feature == CARC_FEATURE_FIELD && e.tiles == 0 && e.goods == 0);
                    CHECK(e.points == e.cities * e.points_per_city);
                    CHECK((e.bonuses & (CARC_BONUS_INN | CARC_BONUS_CATHEDRAL)) == 0);
                    break;
                case CARC_REASON_GOODS:
                    CHECK(e.goods >= CARC_GOODS_WINE && e.goods <= CARC_GOODS_CLOTH);
                    CHECK(e.goods_held > 0 && e.points == 10 && e.tiles == 0 && e.token == 0);
                    break;
                case CARC_REASON_TOKEN:
                    CHECK(e.token == CARC_TOKEN_KING || e.token == CARC_TOKEN_ROBBER_BARON);
                    CHECK(e.tokens_held == 1 && e.points == e.token_completed && e.goods == 0);
                    break;
                case CARC_REASON_BIG_TOP: {
                    static const uint32_t values[6] = {7, 6, 5, 4, 3, 1};
                    CHECK(e.animal < CARC_ANIMAL_NONE && e.figures > 0);
                    CHECK(e.points == values[e.animal] * e.figures && e.tiles == 0);
                    break;
                }
                case CARC_REASON_ACROBATS:
                    CHECK(e.acrobats > 0 && e.points == 5 * e.acrobats && e.figures == 0);
                    break;
                case CARC_REASON_RINGMASTER:
                    CHECK(e.circus_tiles > 0 && e.points == 2 * e.circus_tiles);
                    break;
                case CARC_REASON_GOLD: {
                    /* GM.6: 1 point per ingot for 1-3, 2 for 4-6, 3 for 7-9, 4 for 10 or more. */
                    uint32_t each = e.ingots >= 10 ? 4 : e.ingots >= 7 ? 3 : e.ingots >= 4 ? 2 : 1;
                    CHECK(e.final_scoring == 1 && e.ingots > 0 && e.points == each * e.ingots);
                    break;
                }
                case CARC_REASON_ROBBERY:
                    CHECK(e.tiles == 0 && e.goods == 0 && e.token == 0);
                    break;
                case CARC_REASON_MESSAGE:
                    CHECK(e.message >= CARC_MESSAGE_SHORTEST_ROAD && e.goods == 0 && e.token == 0);
                    if (e.seal) {
                        CHECK(e.points == 2 && e.counted == 0 && e.message_reason == CARC_REASON_NONE);
                    } else if (e.message_reason == CARC_REASON_FEATURE) {
                        CHECK(e.feature != CARC_FEATURE_FIELD && e.tiles > 0 && e.cities == 0);
                    } else if (e.message_reason == CARC_REASON_FIELD) {
                        CHECK(e.feature == CARC_FEATURE_FIELD && e.tiles == 0);
                        CHECK(e.points == e.cities * e.points_per_city);
                    } else {
                        CHECK(e.message_reason == CARC_REASON_NONE && e.points == 2 * e.counted);
                        CHECK(e.message == CARC_MESSAGE_COATS_OF_ARMS || e.message == CARC_MESSAGE_KNIGHTS
                              || e.message == CARC_MESSAGE_FARMERS);
                    }
                    break;
                default:
                    CHECK(0);
                }
            }
            STATUS(carc_game_is_over(g, &over), CARC_OK);
        }
        CHECK(over);
        /* Gold is conserved: the supply, the players' ingots and those left on the board make
         * the 16 of GM.1. */
        uint32_t gold = 0, held = 0, supply = 99;
        for (uint32_t p = 0; p < 4; p++) {
            STATUS(carc_game_ingots(g, p, &held, &supply), CARC_OK);
            gold += held;
        }
        carc_ingots piles[32];
        size_t piles_len = 0;
        STATUS(carc_game_ingots_on_board(g, piles, 32, &piles_len), CARC_OK);
        for (size_t i = 0; i < piles_len; i++) {
            CHECK(piles[i].count > 0);
            gold += piles[i].count;
        }
        CHECK(gold + supply == 16);
        STATUS(carc_game_ingots(g, 4, &held, &supply), CARC_INDEX_OUT_OF_RANGE);
        STATUS(carc_game_ingots(NULL, 0, &held, &supply), CARC_NULL_ARGUMENT);
        carc_magic_figure magic[2];
        size_t magic_len = 9;
        STATUS(carc_game_magic_figures(g, magic, 2, &magic_len), CARC_OK);
        CHECK(magic_len <= 2);
        for (size_t i = 0; i < magic_len; i++) {
            CHECK(magic[i].magic == (uint32_t)i || (magic_len == 1 && magic[i].magic < CARC_MAGIC_NONE));
            CHECK(magic[i].feature == CARC_FEATURE_ROAD || magic[i].feature == CARC_FEATURE_CITY);
        }
        int32_t fx = 1, fy = 1;
        uint32_t direction = 9, distance = 9;
        bool in_flight = true;
        STATUS(carc_game_flight(g, &fx, &fy, &direction, &distance, &in_flight), CARC_OK);
        CHECK(!in_flight && fx == 0 && fy == 0 && direction == 0 && distance == 0);
        carc_ferry ferries[16];
        size_t ferries_len = 99;
        STATUS(carc_game_ferries(g, ferries, 16, &ferries_len), CARC_OK);
        CHECK(ferries_len >= 1 && ferries_len <= 8);
        STATUS(carc_game_ferries(NULL, ferries, 16, &ferries_len), CARC_NULL_ARGUMENT);
        /* The score track: each scoring figure's space and laps make its owner's score. */
        uint32_t track_figures = 9;
        STATUS(carc_game_track_figures(g, &track_figures), CARC_OK);
        CHECK(track_figures == 1);
        for (uint32_t p = 0; p < 4; p++) {
            uint32_t score = 0, space = 99, laps = 99, state = 99, robber_space = 99;
            STATUS(carc_game_score(g, p, &score), CARC_OK);
            STATUS(carc_game_track_position(g, p, 0, &space, &laps), CARC_OK);
            CHECK(space < 50 && space + 50 * laps == score);
            STATUS(carc_game_track_position(g, p, 1, &space, &laps), CARC_INDEX_OUT_OF_RANGE);
            STATUS(carc_game_robber(g, p, &state, &robber_space), CARC_OK);
            CHECK(state == CARC_ROBBER_IN_SUPPLY || state == CARC_ROBBER_ON_TRACK);
            CHECK(robber_space < 50 && (robber_space == 0 || state == CARC_ROBBER_ON_TRACK));
        }
        uint32_t space = 0, laps = 0, state = 0;
        STATUS(carc_game_track_position(g, 4, 0, &space, &laps), CARC_INDEX_OUT_OF_RANGE);
        STATUS(carc_game_track_position(NULL, 0, 0, &space, &laps), CARC_NULL_ARGUMENT);
        STATUS(carc_game_track_position(g, 0, 0, NULL, &laps), CARC_NULL_ARGUMENT);
        STATUS(carc_game_robber(g, 4, &state, &space), CARC_INDEX_OUT_OF_RANGE);
        STATUS(carc_game_robber(g, 0, NULL, &space), CARC_NULL_ARGUMENT);
        STATUS(carc_game_track_figures(NULL, &track_figures), CARC_NULL_ARGUMENT);
        uint32_t active = 9;
        STATUS(carc_game_active_player(g, &active), CARC_OK);
        CHECK(active < 4);
        STATUS(carc_game_active_player(NULL, &active), CARC_NULL_ARGUMENT);
        STATUS(carc_game_active_player(g, NULL), CARC_NULL_ARGUMENT);
        carc_game_free(g);
    }
    for (uint32_t r = 0; r < 11; r++) CHECK(r == CARC_REASON_NONE || reasons[r] > 0);
    CHECK(event_kinds[CARC_EVENT_MESSAGE_DRAWN] > 0 && event_kinds[CARC_EVENT_FIGURES_MERGED] > 0);
    CHECK(event_kinds[CARC_EVENT_ROBBER_PLACED] > 0 && event_kinds[CARC_EVENT_ROBBER_RETURNED] > 0);
    CHECK(event_kinds[CARC_EVENT_INGOT_PLACED] > 0 && event_kinds[CARC_EVENT_INGOT_TAKEN] > 0);
    CHECK(event_kinds[CARC_EVENT_MAGIC_FIGURE_MOVED] > 0);
    CHECK(event_kinds[CARC_EVENT_FLIER_LAUNCHED] > 0 && event_kinds[CARC_EVENT_DIE_ROLLED] > 0);
    CHECK(event_kinds[CARC_EVENT_FERRY_PLACED] > 0 && event_kinds[CARC_EVENT_FERRY_MOVED] > 0);
    CHECK(event_kinds[CARC_EVENT_GOODS_TAKEN] > 0 && event_kinds[CARC_EVENT_TOKEN_TAKEN] > 0);
    CHECK(event_kinds[CARC_EVENT_FIGURE_ENTERED_CITY] > 0);
    CHECK(event_kinds[CARC_EVENT_BIG_TOP_MOVED] > 0 && event_kinds[CARC_EVENT_ANIMAL_REVEALED] > 0);
    CHECK(event_kinds[CARC_EVENT_ACROBAT_DEPLOYED] > 0 && event_kinds[CARC_EVENT_ACROBAT_RETURNED] > 0);
    CHECK(event_kinds[CARC_EVENT_CROP_OPTION_CHOSEN] > 0);
}

/* Crop Circles from C: the round (carc_game_crop_round), its three pending kinds, who decides,
 * the actions each offers, and the option chosen event. */
static void test_crop_circles(void) {
    uint32_t seen_option = 0, seen_deploy = 0, seen_return = 0, chosen = 0;
    for (uint64_t seed = 0; seed < 4; seed++) {
        carc_game *g = new_game("{\"players\": 3, \"sets\": [\"base\", \"crop_circles\"]}",
                                seed);
        int32_t x = 9, y = 9;
        uint32_t circle = 9, option = 9;
        bool in_round = true;
        STATUS(carc_game_crop_round(g, &x, &y, &circle, &option, &in_round), CARC_OK);
        CHECK(!in_round && x == 0 && y == 0 && circle == 0 && option == CARC_CROP_NONE);
        STATUS(carc_game_crop_round(NULL, &x, &y, &circle, &option, &in_round), CARC_NULL_ARGUMENT);
        STATUS(carc_game_crop_round(g, &x, &y, &circle, NULL, &in_round), CARC_NULL_ARGUMENT);
        bool over = false;
        int guard = 0;
        while (!over && guard++ < 1000) {
            uint32_t pending = 0, current = 9, active = 9;
            STATUS(carc_game_pending(g, &pending), CARC_OK);
            STATUS(carc_game_current_player(g, &current), CARC_OK);
            STATUS(carc_game_active_player(g, &active), CARC_OK);
            STATUS(carc_game_crop_round(g, &x, &y, &circle, &option, &in_round), CARC_OK);
            bool crop = pending == CARC_PENDING_CROP_OPTION || pending == CARC_PENDING_CROP_DEPLOY
                        || pending == CARC_PENDING_CROP_RETURN;
            CHECK(in_round == crop);
            carc_action actions[256];
            size_t len = 0;
            STATUS(carc_game_legal_actions(g, actions, 256, &len), CARC_OK);
            CHECK(len > 0);
            if (crop) {
                CHECK(circle == CARC_FEATURE_ROAD || circle == CARC_FEATURE_CITY
                      || circle == CARC_FEATURE_FIELD);
            }
            if (pending == CARC_PENDING_CROP_OPTION) {
                seen_option++;
                CHECK(option == CARC_CROP_NONE && current == active && len == 2);
                CHECK(actions[0].kind == CARC_ACTION_CROP_OPTION
                      && actions[0].crop_option == CARC_CROP_DEPLOY);
                CHECK(actions[1].kind == CARC_ACTION_CROP_OPTION
                      && actions[1].crop_option == CARC_CROP_RETURN);
            } else if (pending == CARC_PENDING_CROP_DEPLOY) {
                seen_deploy++;
                CHECK(option == CARC_CROP_DEPLOY && len >= 2);
                CHECK(actions[len - 1].kind == CARC_ACTION_PASS);
                for (size_t i = 0; i + 1 < len; i++) {
                    CHECK(actions[i].kind == CARC_ACTION_CROP_DEPLOY);
                    CHECK(actions[i].feature == circle && actions[i].crop_option == CARC_CROP_NONE);
                }
            } else if (pending == CARC_PENDING_CROP_RETURN) {
                seen_return++;
                CHECK(option == CARC_CROP_RETURN);
                for (size_t i = 0; i < len; i++) {
                    CHECK(actions[i].kind == CARC_ACTION_CROP_RETURN && actions[i].feature == circle);
                }
            }
            /* Option A and option B in turn; a deployment rather than a pass. */
            size_t pick = (size_t)guard % len;
            if (pending == CARC_PENDING_CROP_OPTION) pick = (size_t)guard % 2;
            if (pending == CARC_PENDING_CROP_DEPLOY) pick = 0;
            uint32_t before = 0, after = 0;
            STATUS(carc_game_followers(g, current, &before), CARC_OK);
            STATUS(carc_game_play(g, &actions[pick]), CARC_OK);
            STATUS(carc_game_followers(g, current, &after), CARC_OK);
            if (pending == CARC_PENDING_CROP_RETURN) CHECK(after == before + 1);
            if (pending == CARC_PENDING_CROP_DEPLOY) CHECK(after + 1 == before);
            carc_event events[128];
            size_t n = 0;
            STATUS(carc_game_events(g, events, 128, &n), CARC_OK);
            for (size_t i = 0; i < n; i++) {
                if (events[i].kind != CARC_EVENT_CROP_OPTION_CHOSEN) continue;
                chosen++;
                CHECK(pending == CARC_PENDING_CROP_OPTION && events[i].player == (int32_t)active);
                CHECK(events[i].crop_option == actions[pick].crop_option);
                CHECK(events[i].feature == circle && events[i].x == x && events[i].y == y);
            }
            STATUS(carc_game_is_over(g, &over), CARC_OK);
        }
        CHECK(over);
        carc_game_free(g);
    }
    CHECK(seen_option > 0 && seen_deploy > 0 && seen_return > 0 && chosen == seen_option);
}

/* Without the Robbers there is no score track: no figure on it, no robber. */
static void test_no_track_without_robbers(void) {
    carc_game *g = new_game("{\"players\": 2}", 1);
    uint32_t n = 9, space = 9, laps = 9, state = 9;
    STATUS(carc_game_track_figures(g, &n), CARC_OK);
    CHECK(n == 0);
    STATUS(carc_game_track_position(g, 0, 0, &space, &laps), CARC_INDEX_OUT_OF_RANGE);
    STATUS(carc_game_robber(g, 1, &state, &space), CARC_OK);
    CHECK(state == CARC_ROBBER_NONE && space == 0);
    carc_game_free(g);
}

/* Messages from C: two figures per player on the track; the choice of the moving figure plays
 * from its C form; the figures add up to the score; at the end they merge (M.6). */
static void test_messages(void) {
    bool chosen = false;
    for (uint64_t seed = 0; seed < 5; seed++) {
        carc_game *g = new_game("{\"players\": 3, \"sets\": [\"base\", \"messages\"]}", seed);
        bool over = false, merged = false;
        int guard = 0;
        while (!over && guard++ < 3000) {
            carc_action actions[1024];
            size_t len = 0;
            STATUS(carc_game_legal_actions(g, actions, 1024, &len), CARC_OK);
            uint32_t pending = 0, earned = 9;
            STATUS(carc_game_pending(g, &pending), CARC_OK);
            STATUS(carc_game_message_earned(g, &earned), CARC_OK);
            CHECK(earned <= 1);
            if (pending == CARC_PENDING_CHOOSE_SCORING_FIGURE) {
                CHECK(len == 2 && actions[0].kind == CARC_ACTION_SCORING_FIGURE &&
                      actions[0].track_figure == 0 && actions[1].track_figure == 1);
                chosen = true;
            }
            size_t pick = (size_t)(guard * 7) % len;
            STATUS(carc_game_play(g, &actions[pick]), CARC_OK);
            carc_event events[512];
            size_t n = 0;
            STATUS(carc_game_events(g, events, 512, &n), CARC_OK);
            for (size_t i = 0; i < n; i++) {
                if (events[i].kind == CARC_EVENT_FIGURES_MERGED) merged = true;
            }
            STATUS(carc_game_is_over(g, &over), CARC_OK);
            uint32_t figures = 0;
            STATUS(carc_game_track_figures(g, &figures), CARC_OK);
            CHECK(figures == (over ? 1u : 2u));
            for (uint32_t p = 0; p < 3; p++) {
                uint32_t score = 0, total = 0;
                STATUS(carc_game_score(g, p, &score), CARC_OK);
                for (uint32_t f = 0; f < figures; f++) {
                    uint32_t space = 99, laps = 99;
                    STATUS(carc_game_track_position(g, p, f, &space, &laps), CARC_OK);
                    total += space + 50 * laps;
                }
                CHECK(total == score);
            }
        }
        CHECK(over && merged);
        STATUS(carc_game_message_earned(NULL, NULL), CARC_NULL_ARGUMENT);
        carc_game_free(g);
    }
    CHECK(chosen);
}

/* The message deck's getters: the unseen messages, those under the deck and the one in hand
 * account for all 8 (explicit draws: nothing is drawn behind the caller's back). */
static void check_message_deck(const carc_game *g, uint32_t *unseen, size_t *unseen_len,
                               uint32_t *under, size_t *under_len, uint32_t *in_hand) {
    STATUS(carc_game_messages_unseen(g, unseen, 8, unseen_len), CARC_OK);
    STATUS(carc_game_messages_under_deck(g, under, 8, under_len), CARC_OK);
    STATUS(carc_game_message_in_hand(g, in_hand), CARC_OK);
    CHECK(*unseen_len + *under_len + (*in_hand != CARC_MESSAGE_NONE) == 8);
    bool seen[9] = {false};
    for (size_t i = 0; i < *unseen_len; i++) {
        CHECK(unseen[i] >= CARC_MESSAGE_SHORTEST_ROAD && unseen[i] <= CARC_MESSAGE_SCORE_AND_RETURN);
        CHECK(!seen[unseen[i]] && (i == 0 || unseen[i - 1] < unseen[i])); /* code order */
        seen[unseen[i]] = true;
    }
    for (size_t i = 0; i < *under_len; i++) {
        CHECK(under[i] >= CARC_MESSAGE_SHORTEST_ROAD && under[i] <= CARC_MESSAGE_SCORE_AND_RETURN);
        CHECK(!seen[under[i]]);
        seen[under[i]] = true;
    }
    CHECK(*in_hand == CARC_MESSAGE_NONE || !seen[*in_hand]);
}

/* The action kind a message is performed with. */
static uint32_t message_action_kind(uint32_t message) {
    switch (message) {
    case CARC_MESSAGE_SHORTEST_ROAD:
    case CARC_MESSAGE_SMALLEST_CITY:
    case CARC_MESSAGE_SMALLEST_MONASTERY:
        return CARC_ACTION_MESSAGE_FEATURE;
    case CARC_MESSAGE_SCORE_AND_RETURN:
        return CARC_ACTION_MESSAGE_FOLLOWER;
    default:
        return CARC_ACTION_MESSAGE_ACTION;
    }
}

/* What `action` does for seat `me` (whose score is `base`), on a copy of `g`: 2 if his turn
 * then earns a message (a draw is pending, or carc_game_message_earned), 1 if he scored, else
 * 0; his deployment after it passed and his choice of the moving figure (M.1) tried both
 * ways. A search through the C API only, for a policy that draws many messages. */
static int message_value(const carc_game *g, const carc_action *action, uint32_t me, uint32_t base,
                         int depth) {
    carc_game *c = NULL;
    STATUS(carc_game_clone(g, &c), CARC_OK);
    carc_action a = *action;
    a.epoch = 0;
    STATUS(carc_game_play(c, &a), CARC_OK);
    uint32_t pending = 0, current = 0, earned = 0, score = 0;
    STATUS(carc_game_pending(c, &pending), CARC_OK);
    STATUS(carc_game_current_player(c, &current), CARC_OK);
    STATUS(carc_game_message_earned(c, &earned), CARC_OK);
    STATUS(carc_game_score(c, me, &score), CARC_OK);
    int value = score > base ? 1 : 0;
    if (pending == CARC_PENDING_DRAW_MESSAGE || pending == CARC_PENDING_RESOLVE_MESSAGE || earned) {
        value = 2;
    } else if (depth < 4 && current == me
               && (pending == CARC_PENDING_DEPLOY || pending == CARC_PENDING_CHOOSE_SCORING_FIGURE)) {
        carc_action next[256];
        size_t n = 0;
        STATUS(carc_game_legal_actions(c, next, 256, &n), CARC_OK);
        value = 0;
        /* A deployment: pass (the last action); a figure to move: either. */
        for (size_t i = pending == CARC_PENDING_DEPLOY ? n - 1 : 0; i < n; i++) {
            int v = message_value(c, &next[i], me, base, depth + 1);
            if (v > value) value = v;
        }
    }
    carc_game_free(c);
    return value;
}

/* Plays the choices of the moving figure (M.1) that seat `me` faces now, each time the figure
 * whose move earns a message when one does, appending their events to `events[*n..cap]`. */
static void settle_figures(carc_game *g, uint32_t me, carc_event *events, size_t cap, size_t *n) {
    for (;;) {
        uint32_t pending = 0, current = 0, base = 0;
        STATUS(carc_game_pending(g, &pending), CARC_OK);
        STATUS(carc_game_current_player(g, &current), CARC_OK);
        if (pending != CARC_PENDING_CHOOSE_SCORING_FIGURE || current != me) return;
        carc_action actions[2];
        size_t count = 0, more = 0;
        STATUS(carc_game_legal_actions(g, actions, 2, &count), CARC_OK);
        STATUS(carc_game_score(g, me, &base), CARC_OK);
        size_t pick = message_value(g, &actions[1], me, base, 0)
                              > message_value(g, &actions[0], me, base, 0)
                          ? 1
                          : 0;
        STATUS(carc_game_play(g, &actions[pick]), CARC_OK);
        STATUS(carc_game_events(g, events + *n, cap - *n, &more), CARC_OK);
        *n += more;
    }
}

/* The first score of a message among `events`, or NULL. */
static const carc_event *message_score(const carc_event *events, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (events[i].kind == CARC_EVENT_SCORED && events[i].reason == CARC_REASON_MESSAGE) {
            return &events[i];
        }
    }
    return NULL;
}

/* The message deck from C (Messages M.2-M.7): explicit draws of messages from
 * carc_game_chance_outcomes, every kind of message action played from its C form, what each
 * scores, the getters of the deck, the numbering and names; refused message actions leave the
 * game as it was. A policy searching through clones draws many messages. */
static void test_message_deck(void) {
    /* Numbers and names. */
    const uint32_t c2[8] = {1, 2, 3, 5, 6, 7, 4, 8};
    const char *names[8] = {"shortest_road", "smallest_city", "smallest_monastery", "coats_of_arms",
                            "knights", "farmers", "extra_tile", "score_and_return"};
    for (uint32_t m = CARC_MESSAGE_SHORTEST_ROAD; m <= CARC_MESSAGE_SCORE_AND_RETURN; m++) {
        uint32_t n = 0;
        STATUS(carc_message_number(m, CARC_MESSAGE_NUMBERING_C1, &n), CARC_OK);
        CHECK(n == m);
        STATUS(carc_message_number(m, CARC_MESSAGE_NUMBERING_C2, &n), CARC_OK);
        CHECK(n == c2[m - 1]);
        const char *name = NULL;
        STATUS(carc_message_name(m, &name), CARC_OK);
        CHECK(name != NULL && strcmp(name, names[m - 1]) == 0);
    }
    uint32_t untouched = 77;
    const char *no_name = NULL;
    STATUS(carc_message_number(CARC_MESSAGE_NONE, CARC_MESSAGE_NUMBERING_C1, &untouched),
           CARC_INVALID_ARGUMENT);
    STATUS(carc_message_number(9, CARC_MESSAGE_NUMBERING_C1, &untouched), CARC_INVALID_ARGUMENT);
    STATUS(carc_message_number(CARC_MESSAGE_KNIGHTS, 2, &untouched), CARC_INVALID_ARGUMENT);
    STATUS(carc_message_number(CARC_MESSAGE_KNIGHTS, CARC_MESSAGE_NUMBERING_C1, NULL),
           CARC_NULL_ARGUMENT);
    STATUS(carc_message_name(CARC_MESSAGE_NONE, &no_name), CARC_INVALID_ARGUMENT);
    STATUS(carc_message_name(CARC_MESSAGE_KNIGHTS, NULL), CARC_NULL_ARGUMENT);
    CHECK(untouched == 77 && no_name == NULL);

    /* Without the Messages: no deck, nothing in hand; a message action is refused. */
    carc_game *plain = new_game("{\"players\": 2, \"rules\": {\"message_numbering\": \"c2\"}}", 1);
    uint32_t deck[8], in_hand = 99, numbering = 99;
    size_t len = 99;
    STATUS(carc_game_message_in_hand(plain, &in_hand), CARC_OK);
    CHECK(in_hand == CARC_MESSAGE_NONE);
    STATUS(carc_game_messages_unseen(plain, NULL, 0, &len), CARC_OK);
    CHECK(len == 0);
    STATUS(carc_game_messages_under_deck(plain, deck, 8, &len), CARC_OK);
    CHECK(len == 0);
    STATUS(carc_game_message_numbering(plain, &numbering), CARC_OK);
    CHECK(numbering == CARC_MESSAGE_NUMBERING_C2);
    carc_action points = {0};
    points.kind = CARC_ACTION_MESSAGE_POINTS;
    char *before = json_of(plain);
    STATUS(carc_game_play(plain, &points), CARC_ILLEGAL_ACTION);
    CHECK(same_state(plain, before));
    free(before);
    carc_game_free(plain);

    uint32_t kinds_played[CARC_ACTION_MESSAGE_FOLLOWER + 1] = {0};
    uint32_t draws = 0, repeats = 0, seals = 0, auto_seals = 0, counted = 0, refusals = 0;
    uint32_t feature_scores = 0, returned = 0, returned_scored = 0, extra_tiles = 0;
    for (uint64_t seed = 0; seed < 12; seed++) {
        /* Explicit draws: the seed plays no part, the policy's choices differ by seed. */
        carc_game *g = new_game("{\"players\": 2, \"sets\": [\"base\", \"inns\", \"messages\"], "
                                "\"explicit_draws\": true}", seed);
        uint32_t unseen[8], under[8], hand = 99;
        size_t unseen_len = 0, under_len = 0;
        check_message_deck(g, unseen, &unseen_len, under, &under_len, &hand);
        CHECK(unseen_len == 8 && under_len == 0 && hand == CARC_MESSAGE_NONE);
        STATUS(carc_game_message_numbering(g, &numbering), CARC_OK);
        CHECK(numbering == CARC_MESSAGE_NUMBERING_C1);
        /* No message is pending: a message action is refused, the game unchanged. */
        before = json_of(g);
        STATUS(carc_game_play(g, &points), CARC_ILLEGAL_ACTION);
        CHECK(same_state(g, before));
        free(before);
        bool over = false;
        int guard = 0;
        while (!over && guard++ < 3000) {
            size_t step = (size_t)guard + 3 * (size_t)seed;
            uint32_t pending = 0, active = 9;
            STATUS(carc_game_pending(g, &pending), CARC_OK);
            STATUS(carc_game_active_player(g, &active), CARC_OK);
            check_message_deck(g, unseen, &unseen_len, under, &under_len, &hand);
            CHECK((hand != CARC_MESSAGE_NONE) == (pending == CARC_PENDING_RESOLVE_MESSAGE));
            carc_event events[256];
            size_t n = 0;
            if (pending == CARC_PENDING_DRAW) {
                carc_chance chances[128];
                STATUS(carc_game_chance_outcomes(g, chances, 128, &n), CARC_OK);
                size_t pick = (step + 5 * (size_t)seed) % n;
                STATUS(carc_game_resolve_chance(g, chances[pick].kind, chances[pick].value), CARC_OK);
            } else if (pending == CARC_PENDING_DRAW_MESSAGE) {
                /* The top of the deck: any message never drawn, each alike; once all were
                 * seen, the one under the deck longest. */
                draws++;
                carc_chance chances[16];
                STATUS(carc_game_chance_outcomes(g, chances, 16, &n), CARC_OK);
                double total = 0;
                for (size_t i = 0; i < n; i++) {
                    CHECK(chances[i].kind == CARC_CHANCE_MESSAGE);
                    total += chances[i].probability;
                    if (unseen_len > 0) CHECK(chances[i].value == unseen[i]);
                }
                CHECK(total > 0.999999 && total < 1.000001);
                if (unseen_len == 0) {
                    repeats++;
                    CHECK(n == 1 && under_len > 0 && chances[0].value == under[0]);
                } else {
                    CHECK(n == unseen_len);
                }
                /* Not a decision: no actions; an action, no message, or one not on top of
                 * the deck is refused, the game unchanged. */
                size_t count = 9;
                STATUS(carc_game_legal_action_count(g, &count), CARC_OK);
                CHECK(count == 0);
                before = json_of(g);
                STATUS(carc_game_play(g, &points), CARC_ILLEGAL_ACTION);
                STATUS(carc_game_resolve_chance(g, CARC_CHANCE_MESSAGE, CARC_MESSAGE_NONE),
                       CARC_INVALID_ARGUMENT);
                STATUS(carc_game_resolve_chance(g, CARC_CHANCE_TILE, 0), CARC_ILLEGAL_DRAW);
                if (under_len > 0 && (unseen_len > 0 || under_len > 1)) {
                    STATUS(carc_game_resolve_chance(g, CARC_CHANCE_MESSAGE, under[under_len - 1]),
                           CARC_ILLEGAL_DRAW);
                }
                CHECK(same_state(g, before));
                free(before);
                uint32_t message = chances[step % n].value;
                STATUS(carc_game_resolve_chance(g, CARC_CHANCE_MESSAGE, message), CARC_OK);
                STATUS(carc_game_events(g, events, 256, &n), CARC_OK);
                settle_figures(g, active, events, 256, &n);
                CHECK(n >= 1 && events[0].kind == CARC_EVENT_MESSAGE_DRAWN);
                CHECK(events[0].player == (int32_t)active && events[0].reason == CARC_REASON_NONE);
                CHECK(events[0].message == message && events[0].track_figure == -1);
                uint32_t now = 0;
                STATUS(carc_game_pending(g, &now), CARC_OK);
                STATUS(carc_game_message_in_hand(g, &hand), CARC_OK);
                if (now == CARC_PENDING_RESOLVE_MESSAGE) {
                    CHECK(hand == message);
                } else {
                    /* Nothing to act on: its 2 points at once. */
                    auto_seals++;
                    const carc_event *e = message_score(events, n);
                    CHECK(hand == CARC_MESSAGE_NONE && e != NULL);
                    if (e) CHECK(e->seal == 1 && e->points == 2 && e->message == message);
                }
            } else if (pending == CARC_PENDING_RESOLVE_MESSAGE) {
                carc_action actions[256];
                size_t count = 0;
                STATUS(carc_game_legal_actions(g, actions, 256, &count), CARC_OK);
                uint32_t kind = message_action_kind(hand);
                /* The seal first, then the message's own action(s); no pass. */
                CHECK(count >= 2 && actions[0].kind == CARC_ACTION_MESSAGE_POINTS);
                for (size_t i = 1; i < count; i++) {
                    CHECK(actions[i].kind == kind);
                    if (kind == CARC_ACTION_MESSAGE_FEATURE) {
                        uint32_t want = hand == CARC_MESSAGE_SHORTEST_ROAD ? CARC_FEATURE_ROAD
                                        : hand == CARC_MESSAGE_SMALLEST_CITY ? CARC_FEATURE_CITY
                                                                              : CARC_FEATURE_MONASTERY;
                        CHECK(actions[i].feature == want
                              || (want == CARC_FEATURE_MONASTERY && actions[i].feature == CARC_FEATURE_SHRINE));
                    }
                }
                if (kind == CARC_ACTION_MESSAGE_ACTION) CHECK(count == 2);
                /* An action for another message, and a pass: refused, the game unchanged. */
                carc_action other = actions[1];
                other.kind = kind == CARC_ACTION_MESSAGE_ACTION ? CARC_ACTION_MESSAGE_FEATURE
                                                                : CARC_ACTION_MESSAGE_ACTION;
                if (other.kind == CARC_ACTION_MESSAGE_FEATURE) {
                    other.feature = CARC_FEATURE_CITY;
                    other.location = CARC_LOCATION_N;
                }
                carc_action pass = {0};
                pass.kind = CARC_ACTION_PASS;
                before = json_of(g);
                STATUS(carc_game_play(g, &other), CARC_ILLEGAL_ACTION);
                char text[512];
                size_t needed = 0;
                STATUS(carc_last_error(text, sizeof text, &needed), CARC_OK);
                CHECK(strstr(text, "illegal") != NULL);
                STATUS(carc_game_play(g, &pass), CARC_ILLEGAL_ACTION);
                CHECK(same_state(g, before));
                free(before);
                refusals++;
                uint32_t still = 0;
                STATUS(carc_game_message_in_hand(g, &still), CARC_OK);
                CHECK(still == hand);
                /* An action whose points earn the next message (a chain, M.4), else the seal
                 * one time in four, otherwise the message itself. */
                uint32_t base = 0;
                STATUS(carc_game_score(g, active, &base), CARC_OK);
                size_t pick = step % 4 == 0 ? 0 : 1 + step % (count - 1);
                for (size_t i = count; i-- > 0;) {
                    if (message_value(g, &actions[i], active, base, 0) == 2) {
                        pick = i;
                        break;
                    }
                }
                carc_action chosen = actions[pick];
                uint32_t supply_before = 0, supply_after = 0;
                STATUS(carc_game_supply(g, active, chosen.figure, &supply_before), CARC_OK);
                STATUS(carc_game_play(g, &chosen), CARC_OK);
                kinds_played[chosen.kind]++;
                STATUS(carc_game_events(g, events, 256, &n), CARC_OK);
                settle_figures(g, active, events, 256, &n);
                STATUS(carc_game_supply(g, active, chosen.figure, &supply_after), CARC_OK);
                /* The message went under the deck. */
                check_message_deck(g, unseen, &unseen_len, under, &under_len, &still);
                CHECK(still == CARC_MESSAGE_NONE && under_len > 0 && under[under_len - 1] == hand);
                /* Its award (none for the extra tile, nor for a follower without the
                 * majority). */
                const carc_event *e = message_score(events, n);
                if (e) {
                    CHECK(e->message == hand && e->player == (int32_t)active);
                    CHECK(e->track_figure >= 0 && e->final_scoring == 0);
                    CHECK(e->seal == (chosen.kind == CARC_ACTION_MESSAGE_POINTS));
                }
                switch (chosen.kind) {
                case CARC_ACTION_MESSAGE_POINTS:
                    seals++;
                    CHECK(e != NULL && e->points == 2 && e->counted == 0);
                    CHECK(e != NULL && e->message_reason == CARC_REASON_NONE);
                    break;
                case CARC_ACTION_MESSAGE_ACTION:
                    if (hand == CARC_MESSAGE_EXTRA_TILE) {
                        /* A nested turn part: its tile is drawn next. */
                        extra_tiles++;
                        uint32_t next = 0;
                        STATUS(carc_game_pending(g, &next), CARC_OK);
                        CHECK(e == NULL && next == CARC_PENDING_DRAW);
                    } else {
                        counted++;
                        CHECK(e != NULL && e->points == 2 * e->counted);
                        CHECK(e != NULL && e->message_reason == CARC_REASON_NONE);
                    }
                    break;
                case CARC_ACTION_MESSAGE_FEATURE:
                    /* The feature named by the player's first follower in it. */
                    feature_scores++;
                    CHECK(e != NULL && e->message_reason == CARC_REASON_FEATURE);
                    if (e) {
                        CHECK(e->x == chosen.x && e->y == chosen.y);
                        CHECK(e->location == chosen.location && e->feature == chosen.feature);
                        CHECK(e->tiles > 0 && e->strength > 0 && e->cities == 0);
                    }
                    break;
                case CARC_ACTION_MESSAGE_FOLLOWER: {
                    /* Scored if he has the majority there; the follower goes home either way. */
                    returned++;
                    if (e) {
                        returned_scored++;
                        CHECK(e->message_reason == (chosen.feature == CARC_FEATURE_FIELD
                                                        ? CARC_REASON_FIELD
                                                        : CARC_REASON_FEATURE));
                        CHECK(e->x == chosen.x && e->y == chosen.y && e->location == chosen.location);
                        CHECK(e->feature == chosen.feature && e->strength > 0);
                    }
                    bool home = false;
                    for (size_t i = 0; i < n; i++) {
                        home |= events[i].kind == CARC_EVENT_FIGURE_RETURNED
                                && events[i].figure == chosen.figure && events[i].x == chosen.x
                                && events[i].y == chosen.y && events[i].location == chosen.location
                                && events[i].player == (int32_t)active;
                    }
                    CHECK(home && supply_after == supply_before + 1);
                    break;
                }
                default:
                    CHECK(0);
                }
            } else {
                carc_action actions[512];
                size_t count = 0;
                STATUS(carc_game_legal_actions(g, actions, 512, &count), CARC_OK);
                size_t pick = (step * 7) % count;
                if (pending == CARC_PENDING_DEPLOY) {
                    /* Deploy often (followers for the messages to act on), on fields too. */
                    size_t deploys[512], nd = 0;
                    for (size_t i = 0; i < count; i++) {
                        if (actions[i].kind == CARC_ACTION_DEPLOY
                            && (step % 5 == 0 || actions[i].feature != CARC_FEATURE_FIELD)) {
                            deploys[nd++] = i;
                        }
                    }
                    pick = nd > 0 && step % 4 != 0 ? deploys[step % nd] : step % count;
                } else {
                    /* Placements and figure choices that earn a message, else that score. */
                    uint32_t me = 0, base = 0;
                    STATUS(carc_game_current_player(g, &me), CARC_OK);
                    STATUS(carc_game_score(g, me, &base), CARC_OK);
                    int best = 0;
                    for (size_t i = 0; i < count && best < 2; i++) {
                        int v = message_value(g, &actions[i], me, base, 0);
                        if (v > best) {
                            best = v;
                            pick = i;
                        }
                    }
                }
                STATUS(carc_game_play(g, &actions[pick]), CARC_OK);
            }
            STATUS(carc_game_is_over(g, &over), CARC_OK);
        }
        CHECK(over);
        STATUS(carc_game_message_in_hand(g, &hand), CARC_OK);
        CHECK(hand == CARC_MESSAGE_NONE);
        /* Buffer rules of the list getters. */
        STATUS(carc_game_messages_under_deck(g, NULL, 0, &len),
               under_len > 0 ? CARC_BUFFER_TOO_SMALL : CARC_OK);
        CHECK(len == under_len);
        STATUS(carc_game_messages_under_deck(g, deck, 8, NULL), CARC_NULL_ARGUMENT);
        STATUS(carc_game_messages_unseen(NULL, deck, 8, &len), CARC_NULL_ARGUMENT);
        STATUS(carc_game_messages_under_deck(NULL, deck, 8, &len), CARC_NULL_ARGUMENT);
        STATUS(carc_game_message_in_hand(g, NULL), CARC_NULL_ARGUMENT);
        STATUS(carc_game_message_in_hand(NULL, &hand), CARC_NULL_ARGUMENT);
        STATUS(carc_game_message_numbering(NULL, &numbering), CARC_NULL_ARGUMENT);
        carc_game_free(g);
    }
    printf("message deck from C: %u draws (%u with every message seen), %u seals given at once, "
           "%u taken, %u counted, %u features, %u returns (%u scored), %u extra tiles, "
           "%u refusals\n",
           draws, repeats, auto_seals, seals, counted, feature_scores, returned, returned_scored,
           extra_tiles, refusals);
    CHECK(draws >= 20 && repeats > 0 && auto_seals > 0 && refusals > 0);
    for (uint32_t k = CARC_ACTION_MESSAGE_POINTS; k <= CARC_ACTION_MESSAGE_FOLLOWER; k++) {
        CHECK(kinds_played[k] > 0);
    }
    CHECK(counted > 0 && extra_tiles > 0 && feature_scores > 0 && returned > 0);
}

/* Under the Big Top from C: the big top's position, the animal tokens left, the acrobat sites,
 * and the animal draw as an explicit chance node. */
static void test_big_top(void) {
    carc_game *g = new_game("{\"players\": 3, \"sets\": [\"base\", \"big_top\"], "
                            "\"explicit_draws\": true}", 5);
    uint32_t counts[6];
    STATUS(carc_game_animals_left(g, counts), CARC_OK);
    const uint32_t tokens[6] = {1, 2, 3, 5, 4, 1};
    for (int i = 0; i < 6; i++) CHECK(counts[i] == tokens[i]);
    STATUS(carc_game_animals_left(g, NULL), CARC_NULL_ARGUMENT);
    int32_t x = 9, y = 9;
    bool on_board = true;
    STATUS(carc_game_big_top(g, &x, &y, &on_board), CARC_OK);
    CHECK(!on_board && x == 0 && y == 0);
    uint32_t animal_draws = 0;
    bool over = false;
    int guard = 0;
    while (!over && guard++ < 2000) {
        uint32_t pending = 0;
        STATUS(carc_game_pending(g, &pending), CARC_OK);
        if (pending == CARC_PENDING_DRAW || pending == CARC_PENDING_ANIMAL_TOKEN) {
            carc_chance chances[128];
            size_t n = 0;
            STATUS(carc_game_chance_outcomes(g, chances, 128, &n), CARC_OK);
            double total = 0;
            for (size_t i = 0; i < n; i++) {
                total += chances[i].probability;
                CHECK(chances[i].kind == (pending == CARC_PENDING_DRAW ? CARC_CHANCE_TILE
                                                                       : CARC_CHANCE_ANIMAL));
            }
            CHECK(total > 0.999999 && total < 1.000001);
            if (pending == CARC_PENDING_ANIMAL_TOKEN) {
                animal_draws++;
                STATUS(carc_game_animals_left(g, counts), CARC_OK);
                CHECK(counts[chances[n - 1].value] > 0);
            }
            STATUS(carc_game_resolve_chance(g, chances[n - 1].kind, chances[n - 1].value), CARC_OK);
        } else {
            size_t count = 0;
            STATUS(carc_game_legal_action_count(g, &count), CARC_OK);
            STATUS(carc_game_play_index(g, count / 2), CARC_OK);
        }
        STATUS(carc_game_is_over(g, &over), CARC_OK);
    }
    CHECK(over);
    CHECK(animal_draws == 12); /* 12 sites: 11 moves and the final scoring */
    STATUS(carc_game_big_top(g, &x, &y, &on_board), CARC_OK);
    CHECK(on_board);
    carc_acrobat_site sites[16];
    size_t n = 0;
    STATUS(carc_game_acrobat_sites(g, sites, 16, &n), CARC_OK);
    CHECK(n == 8);
    for (size_t i = 0; i < n; i++) CHECK(sites[i].count <= 3);
    carc_game_free(g);
}

static void test_expansions(void) {
    carc_game *g = new_game("{\"players\": 6, \"sets\": [\"base\", \"inns\", \"traders\"]}", 3);
    uint32_t n = 0;
    STATUS(carc_game_supply(g, 0, CARC_FIGURE_LARGE_FOLLOWER, &n), CARC_OK);
    CHECK(n == 1);
    STATUS(carc_game_supply(g, 5, CARC_FIGURE_BUILDER, &n), CARC_OK);
    CHECK(n == 1);
    STATUS(carc_game_supply(g, 1, CARC_FIGURE_PIG, &n), CARC_OK);
    CHECK(n == 1);
    STATUS(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER, &n), CARC_OK);
    CHECK(n == 7);
    n = 77;
    STATUS(carc_game_supply(g, 0, 42, &n), CARC_INVALID_ARGUMENT);
    STATUS(carc_game_supply(g, 6, CARC_FIGURE_PIG, &n), CARC_INDEX_OUT_OF_RANGE);
    STATUS(carc_game_supply(g, 0, CARC_FIGURE_PIG, NULL), CARC_NULL_ARGUMENT);
    CHECK(n == 77);
    uint32_t goods[3] = {9, 9, 9};
    STATUS(carc_game_goods(g, 0, &goods), CARC_OK);
    CHECK(goods[0] == 0 && goods[1] == 0 && goods[2] == 0);
    STATUS(carc_game_goods(g, 0, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_goods(NULL, 0, &goods), CARC_NULL_ARGUMENT);
    uint32_t tiles = 0;
    STATUS(carc_game_tiles_left(g, &tiles), CARC_OK);
    CHECK(tiles == 112); /* 72 + 18 + 24 tiles, the start tile laid, one drawn */
    bool over = false;
    int guard = 0;
    uint32_t taken = 0;
    while (!over && guard++ < 1000) {
        size_t count = 0;
        STATUS(carc_game_legal_action_count(g, &count), CARC_OK);
        STATUS(carc_game_play_index(g, (size_t)guard % count), CARC_OK);
        carc_event events[64];
        size_t len = 0;
        if (carc_game_events(g, events, 64, &len) == CARC_OK) {
            for (size_t i = 0; i < len; i++) {
                if (events[i].kind == CARC_EVENT_GOODS_TAKEN) {
                    CHECK(events[i].goods >= CARC_GOODS_WINE && events[i].goods <= CARC_GOODS_CLOTH);
                    CHECK(events[i].points == 0 && events[i].reason == CARC_REASON_NONE);
                    taken += events[i].goods_taken;
                }
            }
        }
        STATUS(carc_game_is_over(g, &over), CARC_OK);
    }
    CHECK(over);
    uint32_t held = 0;
    for (uint32_t p = 0; p < 6; p++) {
        STATUS(carc_game_goods(g, p, &goods), CARC_OK);
        held += goods[0] + goods[1] + goods[2];
    }
    CHECK(held == taken);
    carc_game_free(g);
}

/* OPT-5 optional: a builder's double turn is a decision, DOUBLE_TURN or PASS. */
static void test_optional_double_turn(void) {
    int seen = 0;
    for (uint64_t seed = 0; seed < 40 && seen < 3; seed++) {
        carc_game *g = new_game("{\"sets\": [\"base\", \"traders\"], "
                                "\"rules\": {\"builder_double_turn\": \"optional\"}}",
                                seed);
        bool over = false;
        int guard = 0;
        while (!over && guard++ < 1000) {
            uint32_t pending = 0;
            STATUS(carc_game_pending(g, &pending), CARC_OK);
            carc_action actions[512];
            size_t len = 0;
            STATUS(carc_game_legal_actions(g, actions, 512, &len), CARC_OK);
            if (pending == CARC_PENDING_DOUBLE_TURN) {
                seen++;
                CHECK(len == 2);
                CHECK(actions[0].kind == CARC_ACTION_DOUBLE_TURN);
                CHECK(actions[1].kind == CARC_ACTION_PASS);
                uint32_t before = 0, after = 0;
                STATUS(carc_game_current_player(g, &before), CARC_OK);
                /* Take it on odd sightings, decline on even ones. */
                STATUS(carc_game_play(g, &actions[seen % 2 ? 0 : 1]), CARC_OK);
                STATUS(carc_game_current_player(g, &after), CARC_OK);
                CHECK((seen % 2 == 1) == (after == before));
            } else {
                /* Prefer deploying the builder, so double turns come up. */
                size_t pick = (size_t)guard % len;
                for (size_t i = 0; i < len; i++) {
                    if (actions[i].kind == CARC_ACTION_DEPLOY
                        && (actions[i].figure == CARC_FIGURE_BUILDER
                            || actions[i].feature == CARC_FEATURE_ROAD)) {
                        pick = i;
                    }
                }
                STATUS(carc_game_play(g, &actions[pick]), CARC_OK);
            }
            STATUS(carc_game_is_over(g, &over), CARC_OK);
        }
        CHECK(over);
        carc_game_free(g);
    }
    CHECK(seen >= 3);
}

/* King & Robber Baron and the Cult: token events, holders, shrine features. */
static void test_king_robber_and_cult(void) {
    carc_game *g = new_game("{\"players\": 3, \"sets\": [\"base\", \"king_robber\", \"cult\"]}", 11);
    int32_t holder = 7;
    STATUS(carc_game_token_holder(g, CARC_TOKEN_KING, &holder), CARC_OK);
    CHECK(holder == -1);
    STATUS(carc_game_token_holder(g, 9, &holder), CARC_INVALID_ARGUMENT);
    STATUS(carc_game_token_holder(g, CARC_TOKEN_KING, NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_game_token_holder(NULL, CARC_TOKEN_KING, &holder), CARC_NULL_ARGUMENT);
    CHECK(holder == -1);
    int32_t king = -1, robber = -1;
    uint32_t king_size = 0, king_points = 0, shrine_deploys = 0;
    bool over = false;
    int guard = 0;
    while (!over && guard++ < 1000) {
        carc_action actions[512];
        size_t len = 0;
        STATUS(carc_game_legal_actions(g, actions, 512, &len), CARC_OK);
        size_t pick = (size_t)guard % len;
        for (size_t i = 0; i < len; i++) {
            if (actions[i].kind == CARC_ACTION_DEPLOY && actions[i].feature == CARC_FEATURE_SHRINE) {
                CHECK(actions[i].location == CARC_LOCATION_CENTRE);
                pick = i;
                shrine_deploys++;
            }
        }
        STATUS(carc_game_play(g, &actions[pick]), CARC_OK);
        carc_event events[64];
        size_t n = 0;
        STATUS(carc_game_events(g, events, 64, &n), CARC_OK);
        for (size_t i = 0; i < n; i++) {
            if (events[i].kind == CARC_EVENT_TOKEN_TAKEN) {
                if (events[i].token == CARC_TOKEN_KING) {
                    CHECK(events[i].token_size > king_size); /* strictly larger */
                    CHECK(events[i].tiles == 0); /* no field means two things */
                    king_size = events[i].token_size;
                    king = events[i].player;
                } else {
                    CHECK(events[i].token == CARC_TOKEN_ROBBER_BARON);
                    robber = events[i].player;
                }
            }
            if (events[i].kind == CARC_EVENT_SCORED && events[i].reason == CARC_REASON_TOKEN
                && events[i].token == CARC_TOKEN_KING) {
                CHECK(events[i].final_scoring == 1 && events[i].player == king);
                CHECK(events[i].points == events[i].token_completed && events[i].tokens_held == 1);
                CHECK(events[i].cities == 0 && events[i].tiles == 0);
                king_points = events[i].points;
            }
        }
        STATUS(carc_game_is_over(g, &over), CARC_OK);
    }
    CHECK(over);
    CHECK(king >= 0 && robber >= 0 && king_points > 0);
    CHECK(shrine_deploys > 0);
    STATUS(carc_game_token_holder(g, CARC_TOKEN_KING, &holder), CARC_OK);
    CHECK(holder == king);
    STATUS(carc_game_token_holder(g, CARC_TOKEN_ROBBER_BARON, &holder), CARC_OK);
    CHECK(holder == robber);
    carc_game_free(g);
}

/* The Count: every City decision through the C API, in random 3-player games; figures are
 * conserved between supply, board and quarters. */
static void test_count(void) {
    uint32_t seen[9] = {0};
    for (uint64_t seed = 0; seed < 30; seed++) {
        carc_game *g = new_game("{\"players\": 3, \"sets\": [\"base\", \"count\"]}", seed);
        uint32_t quarter = 99;
        STATUS(carc_game_count_quarter(g, &quarter), CARC_OK);
        CHECK(quarter == CARC_QUARTER_CASTLE);
        bool over = false;
        int guard = 0;
        while (!over && guard++ < 2000) {
            uint32_t pending = 0, current = 0;
            STATUS(carc_game_pending(g, &pending), CARC_OK);
            STATUS(carc_game_current_player(g, &current), CARC_OK);
            carc_action actions[1024];
            size_t len = 0;
            STATUS(carc_game_legal_actions(g, actions, 1024, &len), CARC_OK);
            if (pending < 9) {
                seen[pending]++;
            }
            if (pending == CARC_PENDING_ENTER_CITY || pending == CARC_PENDING_MOVE_COUNT
                || pending == CARC_PENDING_LEAVE_CITY) {
                CHECK(actions[len - 1].kind == CARC_ACTION_PASS);
            }
            if (pending == CARC_PENDING_MARKET) {
                for (size_t i = 0; i < len; i++) {
                    CHECK(actions[i].kind == CARC_ACTION_LEAVE_CITY);
                    CHECK(actions[i].quarter == CARC_QUARTER_MARKET);
                    CHECK(actions[i].feature == CARC_FEATURE_FIELD);
                }
            }
            /* Prefer the City's actions, so that figures come and go. */
            size_t pick = (size_t)guard % len, city[1024], ncity = 0;
            for (size_t i = 0; i < len; i++) {
                if (actions[i].kind == CARC_ACTION_ENTER_CITY || actions[i].kind == CARC_ACTION_LEAVE_CITY) {
                    city[ncity++] = i;
                }
            }
            if (ncity > 0) {
                pick = city[(size_t)guard % ncity];
            }
            STATUS(carc_game_play(g, &actions[pick]), CARC_OK);
            carc_event events[64];
            size_t n = 0;
            STATUS(carc_game_events(g, events, 64, &n), CARC_OK);
            for (size_t i = 0; i < n; i++) {
                if (events[i].kind == CARC_EVENT_FIGURE_ENTERED_CITY) {
                    CHECK(actions[pick].kind == CARC_ACTION_ENTER_CITY);
                    CHECK(events[i].quarter == actions[pick].quarter);
                    CHECK(events[i].player == (int32_t)current);
                }
                if (events[i].kind == CARC_EVENT_FIGURE_LEFT_CITY) {
                    CHECK(events[i].player == (int32_t)current && events[i].quarter <= CARC_QUARTER_CATHEDRAL);
                }
            }
            STATUS(carc_game_is_over(g, &over), CARC_OK);
        }
        CHECK(over);
        for (uint32_t p = 0; p < 3; p++) {
            uint32_t supply = 0, in_city = 0;
            STATUS(carc_game_supply(g, p, CARC_FIGURE_FOLLOWER, &supply), CARC_OK);
            for (uint32_t q = CARC_QUARTER_CASTLE; q <= CARC_QUARTER_CATHEDRAL; q++) {
                uint32_t k = 0;
                STATUS(carc_game_quarter_figures(g, q, p, CARC_FIGURE_FOLLOWER, &k), CARC_OK);
                in_city += k;
            }
            carc_figure_info figures[64];
            size_t nf = 0, on_board = 0;
            STATUS(carc_game_figures(g, figures, 64, &nf), CARC_OK);
            for (size_t i = 0; i < nf; i++) {
                on_board += figures[i].player == p;
            }
            CHECK(supply + in_city + on_board == 7);
        }
        uint32_t k = 9;
        STATUS(carc_game_quarter_figures(g, 4, 0, CARC_FIGURE_FOLLOWER, &k), CARC_INVALID_ARGUMENT);
        STATUS(carc_game_quarter_figures(g, 0, 3, CARC_FIGURE_FOLLOWER, &k), CARC_INDEX_OUT_OF_RANGE);
        STATUS(carc_game_count_quarter(NULL, &k), CARC_NULL_ARGUMENT);
        CHECK(k == 9);
        carc_game_free(g);
    }
    CHECK(seen[CARC_PENDING_ENTER_CITY] > 0 && seen[CARC_PENDING_MOVE_COUNT] > 0);
    CHECK(seen[CARC_PENDING_LEAVE_CITY] > 0 && seen[CARC_PENDING_MARKET] > 0);
    /* A bad quarter in an action is refused. */
    carc_game *g = new_game("{\"sets\": [\"base\", \"count\"]}", 1);
    carc_action bad = {0};
    bad.kind = CARC_ACTION_MOVE_COUNT;
    bad.quarter = 7;
    STATUS(carc_game_play(g, &bad), CARC_INVALID_ARGUMENT);
    uint32_t none = 0;
    carc_game *plain = new_game(NULL, 1);
    STATUS(carc_game_count_quarter(plain, &none), CARC_OK);
    CHECK(none == CARC_QUARTER_NONE);
    carc_game_free(plain);
    carc_game_free(g);
}

static void test_jcz(const char *path) {
    char *text = read_file(path);
    CHECK(text != NULL);
    if (!text) return;
    carc_game *g = NULL;
    STATUS(carc_game_from_jcz(text, &g), CARC_OK);
    uint32_t score = 0;
    STATUS(carc_game_score(g, 0, &score), CARC_OK);
    CHECK(score == 9); /* "Oscar has 9 points" */
    bool over = false;
    STATUS(carc_game_is_over(g, &over), CARC_OK);
    CHECK(over);
    carc_game_free(g);
    g = NULL;
    /* Truncated */
    text[strlen(text) / 2] = '\0';
    STATUS(carc_game_from_jcz(text, &g), CARC_PARSE_ERROR);
    CHECK(g == NULL);
    free(text);
    /* Unsupported set */
    STATUS(carc_game_from_jcz("{\"setup\": {\"sets\": {\"nope:1\": 1}}, \"players\": []}", &g),
           CARC_IMPORT_ERROR);
    STATUS(carc_game_from_jcz("[]", &g), CARC_IMPORT_ERROR);
    CHECK(g == NULL);
}

/* Writes a finished game as a .jcz (asking for the size first), imports it, and compares. */
static void test_jcz_export(void) {
    /* A Count game with JCloisterZone's readings of the rules: exportable. */
    const char *config =
        "{\"players\": 3, \"sets\": [\"base\", \"count\", \"inns\"], \"rules\": {"
        "\"count_place_returned_figures\": true, \"count_leave_to_unoccupied\": true, "
        "\"count_final_moves_optional\": true, \"count_entry_feature_points_only\": true, "
        "\"count_move\": \"clockwise\"}}";
    for (uint64_t seed = 0; seed < 5; seed++) {
        carc_game *g = new_game(config, seed);
        bool over = false;
        int guard = 0;
        while (!over && guard++ < 2000) {
            size_t count = 0;
            STATUS(carc_game_legal_action_count(g, &count), CARC_OK);
            STATUS(carc_game_play_index(g, (count * 2) / 3), CARC_OK);
            STATUS(carc_game_is_over(g, &over), CARC_OK);
        }
        CHECK(over);
        size_t needed = 0;
        STATUS(carc_game_to_jcz(g, NULL, 0, &needed), CARC_BUFFER_TOO_SMALL);
        CHECK(needed > 100);
        char *text = malloc(needed + 1);
        STATUS(carc_game_to_jcz(g, text, needed + 1, &needed), CARC_OK);
        CHECK(strstr(text, "\"count-move\": \"clockwise\"") != NULL);
        carc_game *back = NULL;
        STATUS(carc_game_from_jcz(text, &back), CARC_OK);
        for (uint32_t p = 0; p < 3; p++) {
            uint32_t a = 0, b = 1;
            STATUS(carc_game_score(g, p, &a), CARC_OK);
            STATUS(carc_game_score(back, p, &b), CARC_OK);
            CHECK(a == b);
        }
        free(text);
        carc_game_free(back);
        carc_game_free(g);
    }
    /* A river game under the rulebook's rules: JCloisterZone plays it otherwise. */
    carc_game *g = new_game("{\"players\": 2, \"sets\": [\"base\", \"river\"]}", 1);
    size_t needed = 0;
    STATUS(carc_game_to_jcz(g, NULL, 0, &needed), CARC_EXPORT_ERROR);
    char message[512];
    STATUS(carc_last_error(message, sizeof message, &needed), CARC_OK);
    CHECK(strstr(message, "river_base_start_tile") != NULL);
    STATUS(carc_game_to_jcz(NULL, NULL, 0, &needed), CARC_NULL_ARGUMENT);
    carc_game_free(g);
}

/* The library's bots as AI opponents: kinds, MCTS settings and their checks, choices that are
 * legal and stamped for carc_game_play, reproducible with the seed, misuse refused; an MCTS bot
 * beats the random bot in a whole game. */
static void test_bots(void) {
    carc_bot *bot = NULL;
    STATUS(carc_bot_new(3, 0, &bot), CARC_INVALID_ARGUMENT);
    CHECK(bot == NULL);
    STATUS(carc_bot_new(CARC_BOT_RANDOM, 0, NULL), CARC_NULL_ARGUMENT);
    carc_mcts_options options;
    STATUS(carc_mcts_options_default(NULL), CARC_NULL_ARGUMENT);
    STATUS(carc_mcts_options_default(&options), CARC_OK);
    CHECK(options.iterations == 1000 && options.time_budget_ms == 0);
    CHECK(options.reward == CARC_MCTS_REWARD_MARGIN && options.exploration > 0);
    carc_mcts_options bad = options;
    bad.reward = 9;
    STATUS(carc_bot_new_mcts(0, &bad, &bot), CARC_INVALID_ARGUMENT);
    bad = options;
    bad.exploration = -1.0;
    STATUS(carc_bot_new_mcts(0, &bad, &bot), CARC_INVALID_ARGUMENT);
    bad = options;
    bad.iterations = 0;
    STATUS(carc_bot_new_mcts(0, &bad, &bot), CARC_INVALID_ARGUMENT);
    CHECK(bot == NULL);

    carc_game *g = new_game(NULL, 5);
    uint32_t kinds[3] = {CARC_BOT_RANDOM, CARC_BOT_GREEDY, CARC_BOT_MCTS};
    for (int k = 0; k < 3; k++) {
        uint32_t kind = 99;
        STATUS(carc_bot_new(kinds[k], 7, &bot), CARC_OK);
        STATUS(carc_bot_kind(bot, &kind), CARC_OK);
        CHECK(kind == kinds[k]);
        carc_action a, b;
        STATUS(carc_bot_choose(bot, g, &a), CARC_OK);
        carc_game *copy = NULL;
        STATUS(carc_game_clone(g, &copy), CARC_OK);
        STATUS(carc_game_play(copy, &a), CARC_OK); /* legal, and not stale */
        carc_game_free(copy);
        carc_bot *twin = NULL;
        STATUS(carc_bot_new(kinds[k], 7, &twin), CARC_OK);
        STATUS(carc_bot_choose(twin, g, &b), CARC_OK);
        char ta[128], tb[128];
        size_t na = 0, nb = 0;
        STATUS(carc_action_to_string(&a, ta, sizeof ta, &na), CARC_OK);
        STATUS(carc_action_to_string(&b, tb, sizeof tb, &nb), CARC_OK);
        CHECK(strcmp(ta, tb) == 0 && a.epoch == b.epoch); /* same seed, same choice */
        carc_search_stats stats;
        STATUS(carc_bot_last_search(bot, &stats), CARC_OK);
        CHECK(kinds[k] == CARC_BOT_MCTS ? stats.iterations == 1000 && stats.nodes > 0
                                        : stats.iterations == 0);
        carc_mcts_options got;
        STATUS(carc_bot_mcts_options(bot, &got), kinds[k] == CARC_BOT_MCTS ? CARC_OK
                                                                            : CARC_INVALID_ARGUMENT);
        carc_bot_free(twin);
        carc_bot_free(bot);
        bot = NULL;
    }
    carc_bot_free(NULL);

    /* Misuse: NULLs, and no decision at a chance node. */
    STATUS(carc_bot_new(CARC_BOT_GREEDY, 1, &bot), CARC_OK);
    carc_action a;
    STATUS(carc_bot_choose(NULL, g, &a), CARC_NULL_ARGUMENT);
    STATUS(carc_bot_choose(bot, NULL, &a), CARC_NULL_ARGUMENT);
    STATUS(carc_bot_choose(bot, g, NULL), CARC_NULL_ARGUMENT);
    carc_game *waiting = new_game("{\"players\": 2, \"explicit_draws\": true}", 0);
    STATUS(carc_bot_choose(bot, waiting, &a), CARC_NO_DECISION);
    carc_game_free(waiting);
    carc_bot_free(bot);

    /* A whole game: MCTS (100 iterations, 0 ms budget) in seat 0 against random. */
    carc_bot *seats[2] = {NULL, NULL};
    options.iterations = 100;
    STATUS(carc_bot_new_mcts(11, &options, &seats[0]), CARC_OK);
    STATUS(carc_bot_new(CARC_BOT_RANDOM, 12, &seats[1]), CARC_OK);
    carc_game *game = new_game(NULL, 9);
    bool over = false;
    int moves = 0;
    while (!over) {
        uint32_t seat = 0;
        STATUS(carc_game_current_player(game, &seat), CARC_OK);
        STATUS(carc_bot_choose(seats[seat], game, &a), CARC_OK);
        STATUS(carc_game_play(game, &a), CARC_OK);
        STATUS(carc_game_is_over(game, &over), CARC_OK);
        if (++moves > 1000) break;
    }
    CHECK(over);
    STATUS(carc_bot_choose(seats[0], game, &a), CARC_NO_DECISION);
    uint32_t s0 = 0, s1 = 0;
    STATUS(carc_game_score(game, 0, &s0), CARC_OK);
    STATUS(carc_game_score(game, 1, &s1), CARC_OK);
    CHECK(s0 > s1);
    carc_game_free(game);
    carc_bot_free(seats[0]);
    carc_bot_free(seats[1]);
    carc_game_free(g);
}

/* Issue 17: the header's idiom for the last error keeps the message; bad input is refused with
 * short messages; names with NUL or over the limit, arrays for configs, the fork alone. */
static void test_hardening(void) {
    carc_game *sentinel = (carc_game *)&passed; /* never dereferenced */
    carc_game *g = sentinel;
    STATUS(carc_game_new("{\"players\": 2, \"sets\": [\"nope\"]}", 1, &g), CARC_PARSE_ERROR);
    /* Ask for the length with buf = NULL, cap = 0, then fetch: the message survives both. */
    size_t needed = 0, again = 0;
    STATUS(carc_last_error(NULL, 0, &needed), CARC_BUFFER_TOO_SMALL);
    CHECK(needed > 0);
    char *message = malloc(needed + 1);
    STATUS(carc_last_error(message, needed, &again), CARC_BUFFER_TOO_SMALL);
    STATUS(carc_last_error(message, needed + 1, &again), CARC_OK);
    CHECK(again == needed);
    CHECK(strstr(message, "nope") != NULL);
    CHECK(strstr(message, "needs") == NULL);
    free(message);
    /* A config must be a JSON object. */
    STATUS(carc_game_new("[3]", 1, &g), CARC_PARSE_ERROR);
    CHECK(g == sentinel);
    /* A NUL in a name (JSON escape) and an over-long name are refused. */
    STATUS(carc_game_new("{\"players\": 2, \"names\": [\"a\\u0000b\", \"c\"]}", 1, &g),
           CARC_CONFIG_ERROR);
    char text[512];
    STATUS(carc_last_error(text, sizeof text, &needed), CARC_OK);
    CHECK(strstr(text, "NUL") != NULL);
    char config[600];
    int n = snprintf(config, sizeof config, "{\"players\": 2, \"names\": [\"");
    for (int i = 0; i < 300; i++) config[n++] = 'x';
    snprintf(config + n, sizeof config - (size_t)n, "\", \"y\"]}");
    STATUS(carc_game_new(config, 1, &g), CARC_CONFIG_ERROR);
    STATUS(carc_last_error(text, sizeof text, &needed), CARC_OK);
    CHECK(strstr(text, "256") != NULL);
    /* A 100 kB tile id gives a short message. */
    size_t big = 100000;
    char *id = malloc(big + 1);
    memset(id, 'Q', big);
    id[big] = 0;
    uint32_t tile = 77;
    STATUS(carc_tile_find(id, &tile), CARC_PARSE_ERROR);
    CHECK(tile == 77);
    STATUS(carc_last_error(NULL, 0, &needed), CARC_BUFFER_TOO_SMALL);
    CHECK(needed < 300);
    free(id);
    /* A set list without land tiles is a config error. */
    STATUS(carc_game_new("{\"players\": 2, \"sets\": [\"count\"]}", 1, &g), CARC_CONFIG_ERROR);
    CHECK(g == sentinel);
    /* The River II fork alone is drawn (and, with no river to continue, discarded). */
    g = new_game("{\"players\": 2, \"stack\": [\"R2-02\"], \"youngest_player\": 1, "
                 "\"explicit_draws\": true}", 1);
    carc_chance outcomes[4];
    size_t len = 0;
    STATUS(carc_game_chance_outcomes(g, outcomes, 4, &len), CARC_OK);
    CHECK(len == 1);
    uint32_t fork = 0;
    STATUS(carc_tile_find("R2-02", &fork), CARC_OK);
    CHECK(len == 1 && outcomes[0].value == fork);
    STATUS(carc_game_draw(g, fork), CARC_OK);
    bool over = false;
    STATUS(carc_game_is_over(g, &over), CARC_OK);
    CHECK(over);
    carc_game_free(g);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s PATH/TO/field-scoring.jcz\n", argv[0]);
        return 2;
    }
    test_version_and_statuses();
    test_creation_errors();
    test_hardening();
    test_null_arguments();
    test_tiles_and_locations();
    test_actions();
    test_queries_and_records();
    test_explicit_draws();
    test_every_code_round_trips();
    test_no_track_without_robbers();
    test_messages();
    test_message_deck();
    test_expansions();
    test_optional_double_turn();
    test_king_robber_and_cult();
    test_count();
    test_crop_circles();
    test_bots();
    test_jcz(argv[1]);
    test_jcz_export();
    test_big_top();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
