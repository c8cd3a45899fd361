// The header compiles as C++ and its API is usable from C++.
#include <memory>
#include <string>

#include "carcassonne.h"

int main() {
    carc_game *raw = nullptr;
    if (carc_game_new(nullptr, 7, &raw) != CARC_OK) return 1;
    std::unique_ptr<carc_game, decltype(&carc_game_free)> game(raw, &carc_game_free);
    size_t n = 0;
    if (carc_game_legal_action_count(game.get(), &n) != CARC_OK || n == 0) return 1;
    if (carc_game_play_index(game.get(), 0) != CARC_OK) return 1;
    return std::string(carc_version()).empty() ? 1 : 0;
}
