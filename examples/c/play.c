/*
 * A complete Carcassonne game client in C, through the carcassonne C API only: a random policy
 * (seat 0) against an AI opponent (seat 1), printing each turn and the final scores, and saving
 * the game record as JSON. The opponent is a greedy policy written here in C (`greedy`, the
 * default) or the library's Monte Carlo tree search bot (`mcts`, 1000 iterations per decision,
 * or `mcts:N` for N iterations).
 *
 *   ./play [SEED] [RECORD.json] [greedy | mcts | mcts:N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carcassonne.h"

/* Exits with the library's message when a call fails. */
static void check(carc_status status, const char *what) {
    if (status != CARC_OK) {
        char message[512];
        size_t needed = 0;
        if (carc_last_error(message, sizeof message, &needed) != CARC_OK) {
            message[0] = '\0';
        }
        fprintf(stderr, "%s failed: %s (%s)\n", what, carc_status_str(status), message);
        exit(1);
    }
}

/* A small deterministic generator (xorshift64*), so that games are reproducible. */
static uint64_t rng_state = 88172645463325252ull;
static size_t below(size_t n) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (size_t)((rng_state * 2685821657736338717ull) % n);
}

/* The legal actions of the pending decision, in a malloc'd array the caller frees. */
static carc_action *legal_actions(carc_game *game, size_t *count) {
    size_t n = 0;
    check(carc_game_legal_action_count(game, &n), "carc_game_legal_action_count");
    carc_action *actions = malloc((n ? n : 1) * sizeof *actions);
    if (!actions) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    check(carc_game_legal_actions(game, actions, n, count), "carc_game_legal_actions");
    return actions;
}

/* Points `player` gains by the end of its turn part when it plays action `index` (for a
 * placement: followed by its best deployment or pass). */
static long gain(const carc_game *game, size_t index, uint32_t player) {
    carc_game *next = NULL;
    uint32_t before = 0, after = 0, pending = 0, current = 0;
    long best = 0;
    check(carc_game_score(game, player, &before), "carc_game_score");
    check(carc_game_clone(game, &next), "carc_game_clone");
    check(carc_game_play_index(next, index), "carc_game_play_index");
    check(carc_game_pending(next, &pending), "carc_game_pending");
    check(carc_game_current_player(next, &current), "carc_game_current_player");
    if (pending == CARC_PENDING_DEPLOY && current == player) {
        size_t n = 0;
        carc_action *deploys = legal_actions(next, &n);
        for (size_t i = 0; i < n; i++) {
            long g = gain(next, i, player);
            if (g > best) best = g;
        }
        free(deploys);
    } else {
        check(carc_game_score(next, player, &after), "carc_game_score");
        best = (long)after - (long)before;
    }
    carc_game_free(next);
    return best;
}

/* The greedy choice: the best immediate gain, ties broken at random. */
static size_t greedy(const carc_game *game, size_t n, uint32_t player) {
    long best = -1;
    size_t ties = 0, choice = 0;
    for (size_t i = 0; i < n; i++) {
        long g = gain(game, i, player);
        if (g > best) {
            best = g;
            ties = 0;
        }
        if (g == best && below(++ties) == 0) choice = i;
    }
    return choice;
}

static void print_action(const carc_action *action) {
    char text[128];
    size_t needed = 0;
    check(carc_action_to_string(action, text, sizeof text, &needed), "carc_action_to_string");
    printf(" %s;", text);
}

static void print_scores(carc_game *game) {
    carc_event events[64];
    size_t n = 0;
    carc_status status = carc_game_events(game, events, 64, &n);
    if (status == CARC_BUFFER_TOO_SMALL) n = 64;
    else check(status, "carc_game_events");
    for (size_t i = 0; i < n; i++) {
        if (events[i].kind == CARC_EVENT_SCORED && events[i].reason == CARC_REASON_FEATURE
            && !events[i].final_scoring) {
            printf(" seat %d +%u (%u tiles, %u pennants);", events[i].player, events[i].points,
                   events[i].tiles, events[i].pennants);
        }
    }
}

/* The library's MCTS bot for `mcts` or `mcts:N`, NULL for `greedy`; exits on anything else. */
static carc_bot *opponent_of(const char *ai, uint64_t seed) {
    if (strcmp(ai, "greedy") == 0) return NULL;
    carc_mcts_options options;
    check(carc_mcts_options_default(&options), "carc_mcts_options_default");
    if (strncmp(ai, "mcts:", 5) == 0) {
        char *end = NULL;
        unsigned long n = strtoul(ai + 5, &end, 10);
        if (end == ai + 5 || *end != '\0' || n == 0 || n > 100000000ul) {
            fprintf(stderr, "mcts:N needs a number of iterations from 1 to 100000000, not %s\n", ai + 5);
            exit(2);
        }
        options.iterations = (uint32_t)n;
    } else if (strcmp(ai, "mcts") != 0) {
        fprintf(stderr, "unknown opponent %s: greedy, mcts or mcts:N\n", ai);
        exit(2);
    }
    carc_bot *bot = NULL;
    check(carc_bot_new_mcts(seed, &options, &bot), "carc_bot_new_mcts");
    return bot;
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    const char *record_path = argc > 2 ? argv[2] : "c_game.json";
    const char *ai = argc > 3 ? argv[3] : "greedy";
    rng_state ^= seed * 0x9E3779B97F4A7C15ull;
    carc_bot *mcts = opponent_of(ai, seed);

    printf("carcassonne %s (header %d.%d.%d), seed %llu\n", carc_version(), CARC_VERSION_MAJOR,
           CARC_VERSION_MINOR, CARC_VERSION_PATCH, (unsigned long long)seed);
    carc_game *game = NULL;
    check(carc_game_new(mcts ? "{\"players\": 2, \"names\": [\"random\", \"mcts\"]}"
                             : "{\"players\": 2, \"names\": [\"random\", \"greedy\"]}",
                        seed, &game),
          "carc_game_new");

    bool over = false;
    for (int turn = 1; !over; turn++) {
        uint32_t player = 0, tile = 0;
        const char *tile_name = "?";
        check(carc_game_current_player(game, &player), "carc_game_current_player");
        check(carc_game_current_tile(game, &tile), "carc_game_current_tile");
        check(carc_tile_name(tile, &tile_name), "carc_tile_name");
        printf("%3d. seat %u, tile %s:", turn, player, tile_name);
        for (;;) {
            size_t n = 0;
            carc_action *actions = legal_actions(game, &n);
            carc_action chosen;
            if (player == 0) {
                chosen = actions[below(n)];
            } else if (mcts) {
                check(carc_bot_choose(mcts, game, &chosen), "carc_bot_choose");
            } else {
                chosen = actions[greedy(game, n, player)];
            }
            print_action(&chosen);
            check(carc_game_play(game, &chosen), "carc_game_play");
            free(actions);
            print_scores(game);
            uint32_t pending = 0, current = 0;
            check(carc_game_pending(game, &pending), "carc_game_pending");
            check(carc_game_current_player(game, &current), "carc_game_current_player");
            if (pending != CARC_PENDING_DEPLOY || current != player) break;
        }
        printf("\n");
        check(carc_game_is_over(game, &over), "carc_game_is_over");
    }

    size_t needed = 0;
    if (carc_game_board_text(game, NULL, 0, &needed) != CARC_BUFFER_TOO_SMALL) {
        fprintf(stderr, "carc_game_board_text did not report its size\n");
        return 1;
    }
    char *board = malloc(needed + 1);
    check(carc_game_board_text(game, board, needed + 1, &needed), "carc_game_board_text");
    printf("\nFinal board:\n%s\nFinal scores:\n", board);
    free(board);
    uint32_t players = 0;
    check(carc_game_players(game, &players), "carc_game_players");
    for (uint32_t p = 0; p < players; p++) {
        char name[64];
        uint32_t score = 0;
        check(carc_game_player_name(game, p, name, sizeof name, &needed), "carc_game_player_name");
        check(carc_game_score(game, p, &score), "carc_game_score");
        printf("  %-8s %4u\n", name, score);
    }

    check(carc_game_to_json(game, NULL, 0, &needed) == CARC_BUFFER_TOO_SMALL ? CARC_OK : CARC_PANIC,
          "carc_game_to_json (size)");
    char *json = malloc(needed + 1);
    check(carc_game_to_json(game, json, needed + 1, &needed), "carc_game_to_json");
    FILE *f = fopen(record_path, "w");
    if (!f || fputs(json, f) < 0 || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", record_path);
        free(json);
        carc_game_free(game);
        carc_bot_free(mcts);
        return 1;
    }
    printf("Record saved to %s\n", record_path);
    free(json);
    carc_game_free(game);
    carc_bot_free(mcts);
    return 0;
}
