# Akon's words in English: the fallback language. Every message here must
# exist in fr/akon.ftl, es/akon.ftl and pt/akon.ftl with the same variables.
# Game vocabulary: seeds, holes, row (top row, bottom row), to sow, to capture.

## Languages, levels, durations

language-en = English
language-fr = French
language-es = Spanish
language-pt = Portuguese
level-easy = easy
level-medium = medium
level-hard = hard
level-master = master
duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
duration-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
duration-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
duration-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}

## The board

board-row-label = { $label } · captured { $captured }
picture-captured = captured { $captured }
picture-to-move = { $seat } to move
picture-game-over = Game over
board-computer-label = { $seat } · computer ({ $level })
row-top = top row
row-bottom = bottom row
move-sown = { $seat } sowed { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} from { $hole }, the last into { $last }
move-kept = { $sown }: kept that seed (a hole 1 is never captured).
move-captured = { $sown }: captured { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} from { $holes }.
move-no-capture = { $sown }: no capture.
illegal-game-over = the game is over
illegal-not-your-row = it is { $to_move }'s turn, not { $seat }'s: a player may only sow from their own row
illegal-empty-hole = hole { $hole } is empty
illegal-does-not-feed = hole { $hole } does not feed the opponent, whose row is empty, and another move does
# How a player whose name has nothing left to show (it was empty, or made only of
# characters the bot cannot store or draw) is named.
player-unnamed = player

## Buttons

button-accept = Accept
button-decline = Decline
button-rematch = Rematch
button-resign = Resign
button-abort = Abort
button-resign-confirm = Yes, resign
button-previous = Previous
button-next = Next

## Challenges

challenge-pending = { $opponent }, { $challenger } challenges you to a game of **Akon**! Time per move: { $time }. The challenge expires <t:{ $expires }:R>. { $challenger } can withdraw it with Decline.
rematch-pending = { $opponent }, { $challenger } offers you a rematch (seats swapped) of **Akon**! Time per move: { $time }. The challenge expires <t:{ $expires }:R>. { $challenger } can withdraw it with Decline.
challenge-accepted = { $opponent } accepted { $challenger }'s challenge. The game is on!
challenge-declined = { $opponent } declined { $challenger }'s challenge.
challenge-withdrawn = { $challenger } withdrew the challenge to { $opponent }.
challenge-expired = { $challenger }'s challenge to { $opponent } has expired.
first-mover = The first mover was drawn at random: { $player } ({ $seat }).
computer-game-intro = { $player } plays the computer ({ $level }). The first mover was drawn at random: { $first } ({ $seat }).

## Game boards

board-header = **Akon** · game #{ $game } · { $title } · { $a } (A, top) vs { $b } (B, bottom)
board-title-move = move { $move }
board-title-finished = finished after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
board-last-move = Last move: { $description }
board-thinking = { CAPITALIZED($player) } is thinking…
board-your-turn = { $player }, your turn ({ $seat }, { $row }).
board-deadline = ⏰ Unless you move, you lose on time <t:{ $deadline }:R>.
board-deadline-per-move = ⏰ Unless you move, you lose on time <t:{ $deadline }:R> ({ $time } per move).
computer-name = the computer ({ $level })
result-aborted = **Game aborted** by { $player } before both players had moved: no result, not rated.
result-tournament-cancelled = **Game stopped**: its tournament was cancelled, so it ends here with no result, not rated.
result-how-no-seeds = { $stuck } had no seeds left to sow, so { $other } took the seeds on the board
result-how-loop = a position came back (the loop rule), so the seeds left on the board go to nobody
result-how-resigned = { $player } resigned
result-how-withdrew = { $player } withdrew from the tournament
result-how-timeout = { $player } ran out of time
result-how-aborted = { $player } aborted the game
result-win = **{ CAPITALIZED($player) } wins, { $won } to { $lost }** — { $how }.
result-draw = **A draw, { $a_seeds } to { $b_seeds }** — { $how }. { $a } and { $b } share it.
resign-confirm = Resign game #{ $game }? Your opponent wins; this cannot be undone.
resigned = You resigned game #{ $game }.
reminder = ⏰ { $player }, it is your move in game #{ $game } against { $opponent }: you lose on time <t:{ $deadline }:R> unless you move.
reminder-latest-board = [Latest board]({ $link })

## /akon games

games-none = You have no ongoing games. Start one with `/akon challenge`.
games-title = Your ongoing games ({ $count }):
games-your-turn = **your turn**
games-computer-turn = the computer's turn
games-their-turn = { $player }'s turn
games-line = • game #{ $game } vs { $opponent } · move { $move } · { $turn } · you are { $seat }
games-line-deadline = • game #{ $game } vs { $opponent } · move { $move } · { $turn } (time runs out <t:{ $deadline }:R>) · you are { $seat }
games-latest-board = [latest board]({ $link })

## /akon settings

settings-title = Your Akon settings:
settings-reminders-dm = • reminders: by direct message
settings-reminders-channel = • reminders: a mention in the game's channel
settings-time = • time per move of the challenges you send: { $time }
settings-language-chosen = • your language: { $language }
settings-language-discord = • your language: { $language }, as your Discord is set (`/akon settings language` changes it)
settings-server-language-chosen = • this server's language (boards, challenges, results): { $language }
settings-server-language-discord = • this server's language (boards, challenges, results): { $language }, as the server is set on Discord
settings-board-style = • boards you alone see (puzzles, /akon game): { $style }
settings-server-board-style = • this server's boards: { $style }
board-style-text = text
board-style-picture = a picture (the text board as its description)
board-style-both = a picture and the text board
pictures-refused = { $player }, I may not attach files in <#{ $channel }>, so its boards are shown as text. Give me the *Attach Files* permission there to see them as pictures.

## Refusals and faults

apology = Sorry, something went wrong on our side. Nothing was changed; please try again.
fault-database-full = Akon cannot save anything right now: its storage is full. Nothing was changed; please try again later.
fault-database-read-only = Akon cannot save anything right now: its database is read-only. Nothing was changed; please try again later.
fault-database-unreachable = Akon cannot reach its database right now. Please try again in a minute.
unknown-button = This button is not one of Akon's, or is damaged.
command-unknown = Unknown command `/{ $command }`.
command-unknown-subcommand = Unknown subcommand `{ $subcommand }`; try `/akon rules`.
command-bad-option = The option `{ $option }` is malformed.
refusal-not-in-server = Tournaments, server settings and the puzzle of the day belong to servers that added Akon bot. To add it to a server you manage, open the bot's profile and choose **Add App**, then **Add to Server**.
refusal-challenge-self = You cannot challenge yourself.
refusal-challenge-bot = { $name } is a bot and cannot play.
refusal-already-challenged = You already have a pending challenge to { $name }.
refusal-too-many-games = { $name } already has { $limit ->
    [one] { $limit } ongoing game
   *[other] { $limit } ongoing games
}, the most allowed.
refusal-challenge-not-found = That challenge does not exist.
refusal-not-your-challenge = Only { $name } can accept this challenge.
refusal-not-in-challenge = This challenge is not yours to answer.
refusal-challenge-closed = This challenge { $status ->
    [accepted] was already accepted
    [declined] was already declined
    [withdrawn] was already withdrawn
    [expired] has already expired
   *[other] is already closed
}.
refusal-challenge-expired = This challenge has expired.
refusal-game-not-found = That game does not exist.
refusal-tournament-not-found = That tournament does not exist.
refusal-tournament-not-open = This tournament is { $status ->
    [running] already under way
    [finished] over
    [cancelled] cancelled
   *[other] closed
}: entrants can no longer join or leave, and it cannot be started again.
refusal-tournament-full = This tournament is full.
refusal-tournament-already-entered = You are already in this tournament (or it has its computer player already).
refusal-tournament-not-entered = You are not in this tournament.
refusal-tournament-not-organiser = Only the tournament's organiser can do that.
refusal-tournament-too-few-players = The tournament has { $have ->
    [one] { $have } player
   *[other] { $have } players
}; it needs at least { $need } to start.
refusal-tournament-name = A tournament's name must have 1 to { $max } characters.
refusal-tournament-players = A tournament of this format takes { $min } to { $max } players.
refusal-tournament-rounds = Only a Swiss takes a number of rounds: at least 1, and fewer than its players.
refusal-tournament-starts-at = The start time has already passed.
refusal-tournament-busy = Players kept joining or leaving while the tournament started; try again.
refusal-not-a-player = You are not playing in this game.
refusal-not-your-turn = It is { $name }'s turn, not yours.
refusal-stale-button = This button is from an earlier move; the game has moved on.
refusal-outdated-board = This is not the latest board of the game; use the latest one.
refusal-game-over = This game is over.
refusal-resign-overtaken = The game moved on while you confirmed (a move was played).
refusal-too-late-to-abort = Both players have moved, so this game can no longer be aborted; resign it if you must.
refusal-level-needs-computer = The level option is for games against me, the computer: pick me as the opponent.
refusal-game-not-over = This game is not over yet.
refusal-hints-only-computer = Hints are only for games against the computer, never between people.
refusal-rematch-pending = A rematch is already offered (challenge { $challenge }).
refusal-timed-out = You ran out of time: the game is lost on time.
refusal-illegal-move = That move is not allowed: { $reason }.
refusal-no-game-here = You have no ongoing game in this channel.
refusal-which-game = You have several ongoing games in this channel; say which one ({ $count ->
    [one] game
   *[other] games
} { $games }).
refusal-needs-manage-server = Only members who may manage this server can change its settings.
refusal-no-server-to-rank = Here there is no server to rank: use `scope: global`, or ask in a server.
refusal-review-aborted = Game #{ $game } was aborted before both players had moved: it has no result, so there is nothing to review.

## Leaderboards, stats, history, game records

scope-server-title = this server
scope-global-title = global
scope-server = in this server
scope-global = overall
leaderboard-empty-min-games = No one is listed { $scope } yet: players are listed once they have { $min_games ->
    [one] { $min_games } rated game
   *[other] { $min_games } rated games
}. Challenge someone with `/akon challenge`!
leaderboard-empty = No rated games { $scope } yet. Challenge someone with `/akon challenge`!
leaderboard-title = **Akon leaderboard · { $title }** · page { $page } of { $pages } · { $listed ->
    [one] { $listed } player
   *[other] { $listed } players
} with at least { $min_games ->
    [one] { $min_games } rated game
   *[other] { $min_games } rated games
} (Glicko-2; `?` = provisional)
leaderboard-column-player = player
leaderboard-column-rating = rating
leaderboard-column-wins = W
leaderboard-column-losses = L
leaderboard-column-draws = D
leaderboard-column-games = games
standing-listed = { $player } stands #{ $rank } of { $listed } · rating { $rating } · { $wins } W { $losses } L { $draws } D in { $games ->
    [one] { $games } game
   *[other] { $games } games
}.
standing-too-few = { $player } has { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
} { $scope }: { $needed ->
    [one] { $needed } is
   *[other] { $needed } are
} needed to be listed.
standing-unrated = { $player } has no rated games { $scope } yet.
cmd-season-channel-name = season_channel
cmd-season-channel-desc = The channel where the month's podium is posted on the first of each month (Manage Server)
settings-season-channel = • this server's podium of the month: posted in { $channel } on the first of each month
refusal-season-channel-unseen = I cannot see { $channel }, so I could not post the podium there: choose a channel I may read and post in.
season-podium-title = **Akon season · { $month } · podium**
season-podium-line = { $medal } { $player } · { $change } over { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}
season-podium-footer = The best of the month by rating gained, among the players with at least { $min_games ->
    [one] { $min_games } rated game
   *[other] { $min_games } rated games
} in it.
cmd-season-name = season
cmd-season-desc = Which period: this month, last month or all time (the default)
cmd-season-this-month = this month
cmd-season-last-month = last month
cmd-season-all-time = all time
season-title = **Akon season · { $title } · { $month }** · { $listed ->
    [one] { $listed } player
   *[other] { $listed } players
} with at least { $min_games ->
    [one] { $min_games } rated game
   *[other] { $min_games } rated games
} in the month, by rating gained
season-column-change = gained
season-empty = No one has played { $min_games ->
    [one] { $min_games } rated game
   *[other] { $min_games } rated games
} { $scope } in { $month } yet.
season-standing-listed = { $player } stands #{ $rank } of { $listed } in { $month } · { $change } over { $games ->
    [one] { $games } game
   *[other] { $games } games
}.
season-standing-too-few = { $player } has { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
} { $scope } in { $month }: { $needed ->
    [one] { $needed } is
   *[other] { $needed } are
} needed to be listed.
season-standing-unplayed = { $player } has no rated games { $scope } in { $month }.
record-line = { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}, { $losses ->
    [one] { $losses } loss
   *[other] { $losses } losses
}, { $draws ->
    [one] { $draws } draw
   *[other] { $draws } draws
} · seeds captured { $captured } (conceded { $conceded })
rating-summary = **{ $rating }** ({ $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}; deviation { $deviation })
rating-summary-ranked = **{ $rating }** ({ $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}, #{ $rank }; deviation { $deviation })
rating-recent = { $change } over { $count ->
    [one] the last game
   *[other] the last { $count } games ({ $changes }, latest first)
}
stats-title = **Akon stats of { $player }**
stats-unrated = Rating: no rated games yet.
stats-rating-server = Rating in this server: { $summary }
stats-rating-global = Rating everywhere: { $summary }
stats-record-server = In this server: { $record }
stats-record-global = Everywhere: { $record }
stats-margin = { $sign }{ $margin } { $margin ->
    [one] seed
   *[other] seeds
} a game
stats-no-games = no games yet
stats-streaks = Winning streak: { $current } now, best { $best } · average capture margin: { $margin }
stats-computer = Against the computer ({ $level }): { $record }
stats-head-to-head = Head to head, { $asker } against { $player }: { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}, { $losses ->
    [one] { $losses } loss
   *[other] { $losses } losses
}, { $draws ->
    [one] { $draws } draw
   *[other] { $draws } draws
} in { $games ->
    [one] { $games } game
   *[other] { $games } games
}.
stats-ongoing = Ongoing games: { $count }
stats-tournaments = Tournaments: { $events ->
    [one] { $events } played
   *[other] { $events } played
} · { $wins ->
    [one] { $wins } won
   *[other] { $wins } won
} · { $podiums ->
    [one] { $podiums } podium
   *[other] { $podiums } podiums
} (top three) · best rank { $rank } of { $players }
history-end-opponent-resigned = opponent resigned
history-end-resigned = resigned
history-end-opponent-timeout = opponent ran out of time
history-end-timeout = ran out of time
history-end-loop = loop rule
history-end-no-seeds = no seeds left
history-won = won
history-lost = lost
history-drew = drew
history-rating = rating { $before } → { $after } ({ $change })
history-unrated = unrated
history-line = • `#{ $game }` <t:{ $finished }:d> · { $result } vs { $opponent }, { $captured }–{ $conceded } · { $rating }
history-line-how = • `#{ $game }` <t:{ $finished }:d> · { $result } vs { $opponent }, { $captured }–{ $conceded } ({ $how }) · { $rating }
history-none = { $player } has no finished games yet.
history-title = **Akon games of { $player }** · page { $page } of { $pages } · { $total ->
    [one] { $total } finished game
   *[other] { $total } finished games
}, newest first (`/akon game <id>` shows one)
history-tournament-game = 🏆 { $tournament }, round { $round }
history-tournaments-title = **Tournaments** · { $total ->
    [one] { $total } finished
   *[other] { $total } finished
}, newest first
history-tournament-line = • 🏆 { $name } <t:{ $finished }:d> · rank { $rank } of { $players } · { $points ->
    [one] { $points } point
   *[other] { $points } points
}
rating-line-rated = Rated in this server: { $changes }.
rating-line-rated-global = Rated: { $changes }.
rating-line-pair-limit = Not rated: these two players already played { $per_day ->
    [one] { $per_day } rated game
   *[other] { $per_day } rated games
} against each other in the last 24 hours. The game still counts in their records.
rating-line-unrated-tournament = Not rated: a game of an unrated tournament.
rating-line-forfeit = Not rated: a player never moved, so the tournament counts the game as a forfeit.
game-title = **Akon game #{ $game }** · { $a } (A, top) vs { $b } (B, bottom) · started on <t:{ $started }:f>
game-ended = Ended after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
game-ended-at = Ended on <t:{ $finished }:f> after { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
game-in-progress = In progress: move { $move }.
game-record-intro = Record (the first mover, then the holes played; `akon replay --record` takes it):
game-record-cut = (too long for one message: cut)

## The /akon command: names (Discord: lowercase, no spaces, at most 32
## characters) and descriptions. English names are the canonical ones.

cmd-akon-desc = Play Akon, the two-row mancala game
cmd-launch-desc = Play Akon live in this channel
cmd-challenge-name = challenge
cmd-challenge-desc = Challenge someone to a game of Akon
cmd-opponent-name = opponent
cmd-opponent-desc = Who you want to play (pick me to play the computer)
cmd-level-name = level
cmd-level-desc = The computer's strength, when you play me (default: medium)
cmd-time-per-move-name = time_per_move
cmd-challenge-time-desc = Time each player has for a move (default: 3 days, or your /akon settings)
cmd-settings-time-desc = The time per move of the challenges you send
cmd-games-name = games
cmd-games-desc = Your ongoing games
cmd-board-name = board
cmd-board-desc = Post a game's current board again
cmd-game-option-name = game
cmd-game-option-desc = The game's number (default: your game in this channel)
cmd-resign-name = resign
cmd-resign-desc = Resign a game: your opponent wins
cmd-abort-name = abort
cmd-abort-desc = Abort a game before both players have moved: no result, not rated
cmd-leaderboard-name = leaderboard
cmd-leaderboard-desc = The best players by rating, in this server or everywhere
cmd-scope-name = scope
cmd-scope-desc = Whose leaderboard (default: server)
cmd-scope-server = server
cmd-scope-global = global
cmd-stats-name = stats
cmd-stats-desc = A player's rating and record
cmd-player-name = player
cmd-stats-player-desc = Whose record (default: yours)
cmd-history-name = history
cmd-history-desc = A player's last finished games
cmd-history-player-desc = Whose games (default: yours)
cmd-game-name = game
cmd-game-desc = One game in full: result, final board and record
cmd-id-name = id
cmd-id-desc = The game's number, as in /akon history
cmd-settings-name = settings
cmd-settings-desc = Your reminders, default time per move and language
cmd-dm-reminders-name = dm_reminders
cmd-dm-reminders-desc = Remind me by direct message instead of a mention in the channel
cmd-language-name = language
cmd-language-desc = The language the bot answers you in (default: your Discord's)
cmd-server-language-name = server_language
cmd-server-language-desc = This server's language for boards and challenges (needs Manage Server)
cmd-language-discord = as Discord is set
cmd-board-style-name = board_style
cmd-board-style-desc = How the boards you alone see are shown: text, a picture, or both
cmd-server-board-style-name = server_board_style
cmd-server-board-style-desc = How this server's boards are shown: text, a picture, or both (needs Manage Server)
cmd-rules-name = rules
cmd-rules-desc = The rules of Akon, in full
cmd-review-name = review
cmd-review-desc = The engine's review of a finished game: accuracy, costly moves, turning point
cmd-review-game-desc = The game's number, as in /akon history

## /akon rules: every rule and ruling of docs/RULES.md. Each section is at
## most 2000 characters (one Discord message).

rules-board =
    ### The rules of Akon
    Where the traditional description leaves a choice open, the choice made here is marked *(ruling)*.

    ### Board and seeds
    • 2 rows of 7 holes; 5 seeds in every hole at the start: 70 seeds, 35 per side.
    • Seat A owns the top row, seat B the bottom row (as drawn from B's side).
    • Each player numbers the holes of their own row 1 to 7, hole 1 being the first hole on that player's right. `A3` is A's hole 3, `B1` is B's hole 1.
    • Who moves first is drawn at random.

    ### Sowing order
    Sowing goes right to left along your own row, left to right along the opponent's: A1 → A2 → … → A7 → B1 → B2 → … → B7 → A1 → …
    ```
     A1 A2 A3 A4 A5 A6 A7
     B7 B6 B5 B4 B3 B2 B1
    ```
rules-move =
    ### A move
    The player to move picks one non-empty hole of their own row, lifts all its seeds and sows them one by one, starting with the next hole in the cycle.
    1. **13 seeds or fewer**: they go into the next holes, one each.
    2. **14 seeds**: they go round the whole board; the 14th and last seed lands back in the starting hole. It is in the mover's own row, so nothing is captured.
    3. **15 seeds or more**: the first 14 go round as in 2. The mover then skips the rest of their own row and sows the remaining seeds into the opponent's row only: the opponent's hole 1, 2, …, 7, then from the opponent's hole 1 again, until the hand is empty. In this phase no seed enters the mover's own row.
    The hole where the last seed lands decides what happens next.
rules-captures =
    ### Captures
    • Last seed in the mover's own row: no capture.
    • Last seed in the opponent's hole 1: a hole 1 is never captured. Instead the mover keeps the last seed just sown: exactly one seed leaves that hole and is added to the mover's captures; the rest stay. *(ruling)* This happens whatever the hole then holds, for every sowing that ends there, ordinary or long.
    • Last seed in the opponent's hole 2 to 7, which then holds 2, 3 or 4 seeds (counting the seed just sown): the mover captures them. Then the hole before it (towards the opponent's hole 1) is looked at: if it holds 2, 3 or 4 seeds they are captured too, and so on. The chain stops at the first hole holding 0, 1 or more than 4 seeds, and always before the opponent's hole 1.
    • Otherwise (the last hole holds 1, or 5 or more): no capture.
    Captured seeds leave the board for good.

    Example: A sows from A2, which holds 18 seeds; B2, B3 and B4 hold 1 seed each. The first 13 seeds go to A3…A7, B1…B7 and A1; the 14th lands in A2. A skips A3…A7 and sows the remaining 4 into B1, B2, B3, B4. B4 now holds 3: captured. B3 and B2 hold 3 each: captured. B1 is a hole 1: never captured. A captures 9 seeds.
rules-end =
    ### Feeding: no starving the opponent
    A move is allowed if its hole is not empty and, once the move and its captures are done, the opponent's row holds at least one seed. Only when no hole gives such a move may the player sow from any non-empty hole. A sowing that reaches the opponent's row always passes the opponent's hole 1, which is never captured, so a capture never empties the opponent's row. A single last seed that lands in the opponent's hole 1 is kept by the mover, so it does not feed an empty row.

    ### End of the game
    Checked after every move, in this order, for the player now to move:
    1. **No seeds**: the player to move has no seeds in their row, so cannot play. The game ends and the other player captures every seed still on the board.
    2. **Loop**: the position (the seeds in all 14 holes and the player to move) is the same as one earlier in the game. *(ruling)* The first recurrence ends the game. The seeds still on the board go to nobody.
    The player with more captured seeds wins; equal captures are a draw. Captures plus the seeds left to nobody always add up to 70.

    ### Notation
    A move is written as the mover's hole number, 1 to 7. A game is written as the first mover's seat, then its moves: `A: 3 5 1 7 2` (A played 3, B played 5, A played 1, …).
    Press a numbered button to sow from that hole of yours.

## akon play (the terminal game)

play-intro = Akon: sow from your row (holes 1 to 7, hole 1 on your right); type q to quit.
play-first = First to move: { $player }.
play-player = Player { $seat }
play-you = You ({ $seat })
play-computer = Computer ({ $seat }, { $level })
play-how-no-seeds = a player could not move, the other took the seeds left
play-how-loop = a position came back, the seeds left go to nobody
play-wins = { $who ->
    [you] you win ({ $seat })
   *[other] { $player } wins
}
play-draw = a draw
play-game-over = Game over ({ $how }): { $result }, { $a } to { $b }.
play-record = Record: { $record }
play-abandoned = Game abandoned. Record so far: { $record }
play-computer-plays = { $player } plays { $hole }.
play-thinking = { $player } is thinking…
play-ask = { $player }, your move ({ $holes }):
play-not-a-hole = `{ $input }` is not a hole number: holes are numbered 1 to 7.
play-no-such-hole = hole { $hole } does not exist: holes are numbered 1 to 7.
play-cannot = You cannot play { $hole }: { $reason }.

## akon review (the review in the terminal): what is wrong with the game given

review-cli-nodes = --nodes must be at least 1
review-cli-no-start = say where the game starts: --first A or --first B (the opening position), --start '<position JSON>', or --record 'A: 3 5 1'
review-cli-no-moves = no moves to review: give the game, e.g. --record "A: 3 5 1"
review-cli-record-no-seat = a game record starts with the first mover's seat and a colon, as in `A: 3 5 1`
review-cli-record-bad-seat = `{ $seat }` is not a seat: a game record starts with A: or B:
review-cli-bad-move = move { $number }: { $reason }
review-cli-illegal-move = move { $number } (hole { $hole }) is illegal: { $reason }

## Post-game review and hints

review-definitions = Accuracy: the share of a player's moves (those with a choice) that lost at most { $accurate ->
    [one] { $accurate } seed
   *[other] { $accurate } seeds
} against the engine's best move; mean loss: seeds lost per such move. Seeds lost against the best move: inaccuracy { $inaccuracy }–{ $inaccuracy_max }, mistake { $mistake }–{ $mistake_max }, blunder { $blunder } or more.
rules-review = • Review: a finished game's Review button (or `/akon review`) has the engine judge every move. { $definitions }
review-class-forced = forced
review-class-good = good
review-class-inaccuracy = inaccuracy
review-class-mistake = mistake
review-class-blunder = blunder
review-seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}
review-expected-draw = a draw
review-expected-win = a win by { $seeds }
review-expected-loss = a loss by { $seeds }
review-costly-line = { $number }. { CAPITALIZED($player) } played { $played }, best { $best }: −{ $loss } ({ $class })
review-header = { $title }: each position searched to { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
}.
review-seat-line = { CAPITALIZED($who) }: accuracy { $accuracy }% ({ $accurate } of { $moves }), mean loss { $mean } { $mean ->
    [one] seed
   *[other] seeds
}; { $inaccuracies }, { $mistakes }, { $blunders }.
review-inaccuracies = { $count ->
    [one] { $count } inaccuracy
   *[other] { $count } inaccuracies
}
review-mistakes = { $count ->
    [one] { $count } mistake
   *[other] { $count } mistakes
}
review-blunders = { $count ->
    [one] { $count } blunder
   *[other] { $count } blunders
}
review-no-costly = No move lost { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
} or more against the engine's best.
review-costliest-heading = Costliest moves (move number, what was played, the engine's best, seeds lost):
review-turning-point = Turning point: move { $number }, { $player } played { $played } where hole { $best } would have kept { $kept }; after it, { $after }.
review-no-turning-point = Turning point: none; no move gave away its player's expected result.
review-end-final = the final result
review-end-engine = the engine's view at the end
review-graph-heading = Evaluation (A's expected lead in seeds before each move, then { $end }; A above the line, B below):
review-graph-summary-led = { CAPITALIZED($player) } led for { $ahead } { $ahead ->
    [one] move
   *[other] moves
} out of { $moves }, by up to { $most } (move { $number }).
review-graph-summary-even = Neither player ever led: the engine saw the game as even throughout.
review-graph-summary-result = Result: { $result }
review-graph-summary-end = { CAPITALIZED($end) }: { $expected } for A.
review-graph-summary-end-draw = { CAPITALIZED($end) }: { $expected }.
picture-graph-moves = move
picture-graph-lead = A's expected lead (seeds)
picture-graph-ahead = { $seat } ahead
picture-graph-turning = turning point: move { $number }
picture-graph-end = { CAPITALIZED($end) }: { $lead }
picture-bracket-title = Bracket of { $name }.
picture-bracket-winner = Winner
picture-bracket-third-column = Third place
picture-bracket-won = Winner: { $player }.
picture-bracket-third = Third place: { $players }.
picture-bracket-through = { $player } goes through
picture-bracket-playing = being played
picture-bracket-wins = { $player } wins
picture-bracket-match = { $label }: { $players }: { $how }.
picture-bracket-earlier = Rounds 1 to { $round } are not drawn: see the list of matches.
button-review = Review
review-title = Review of game #{ $game } ({ $record })
review-title-record = Review of { $record }
review-refused-in-progress = Game #{ $game } is still being played: reviews are for finished games only (fair play).
button-hint = Hint
hint-captures = captures { $seeds }
hint-protects = { $count ->
    [one] keeps your hole { $holes } from a capture
   *[other] keeps your holes { $holes } from a capture
} ({ $seeds } saved)
hint-best-line = the engine's best line; it expects { $expected }
hint-message = 💡 Hint: sow hole { $hole }: { $why }. (Hints are recorded: the final board and /akon stats say hints were used.)
hints-used-line = { $count ->
    [one] 💡 1 hint was used in this game.
   *[other] 💡 { $count } hints were used in this game.
}
hints-stats-line = { $count ->
    [one] Hints used in 1 game against the computer.
   *[other] Hints used in { $count } games against the computer.
}

## Puzzles (/akon puzzle).
cmd-puzzle-name = puzzle
cmd-puzzle-desc = A position where one move is clearly best: find it (puzzle rating and streak)
puzzle-header = 🧩 Puzzle #{ $puzzle } · difficulty { $rating }
puzzle-task = You play { $seat } (the bottom row), to move. One move is clearly best: it ends the game at least { $margin } better than any other. Which hole?
puzzle-row-you = you ({ $seat })
puzzle-row-opponent = opponent ({ $seat })
puzzle-right = ✅ Right: hole { $hole } is the best move, { $margin } better than the next best.
puzzle-wrong = ❌ Not hole { $played }: after it the engine expects { $played_expected }. The best move was hole { $best }: { $best_expected }.
puzzle-line = The engine's line: { $line }
puzzle-rating-change = Your puzzle rating: { $before } → { $after } · streak { $streak } (best { $best })
button-puzzle-next = Next puzzle
puzzle-stats-line = Puzzles: rating { $rating } · { $solved } of { $attempts } solved · streak { $streak } (best { $best })
rules-puzzles = • Puzzles: `/akon puzzle` shows a position from a finished game (or from the engine's self-play) where one move is clearly best: searched to { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
}, it beats every other move by at least { $margin }. Press the hole you would play; the answer is judged at once, with the engine's line. Each answer moves your puzzle rating (Glicko-2, apart from your game rating) and the puzzle's own; puzzles are chosen near your puzzle rating.
refusal-no-puzzle = No puzzle could be found right now; try again in a moment.
refusal-puzzle-not-found = That puzzle does not exist.
refusal-not-your-puzzle = That puzzle is someone else's: ask for your own with /akon puzzle.
refusal-puzzle-answered = That puzzle was answered already: each puzzle is scored once. /akon puzzle gives the next.

## Tournaments (/akon tournament).
cmd-tournament-name = tournament
cmd-tournament-desc = Tournaments in this server: round robin, Swiss or knockout
cmd-tournament-create-name = create
cmd-tournament-create-desc = Announce a tournament in this channel (Manage Server, or the server's tournament role)
cmd-tournament-start-name = start
cmd-tournament-start-desc = Start the tournament now: round 1 is paired and its games begin
cmd-tournament-cancel-name = cancel
cmd-tournament-cancel-desc = Cancel the tournament; its games under way stop at once, with no result
cmd-tournament-withdraw-name = withdraw
cmd-tournament-withdraw-desc = Leave the tournament: your game under way is lost, your later games forfeited
cmd-tournament-standings-name = standings
cmd-tournament-standings-desc = The tournament's standings, for you alone
cmd-tournament-add-computer-name = add_computer
cmd-tournament-add-computer-desc = Add the computer as a player, at a level (one per tournament)
cmd-tournament-level-desc = How strong the computer plays
cmd-tournament-option-name = tournament
cmd-tournament-option-desc = The tournament's number (default: the one in this channel)
cmd-name-name = name
cmd-name-desc = The tournament's name
cmd-format-name = format
cmd-format-desc = Round robin (everyone meets everyone), double round robin, Swiss, or knockout
cmd-rounds-name = rounds
cmd-rounds-desc = Swiss only: how many rounds (default: enough for a clear winner)
cmd-tournament-time-desc = Each player's time for a move in the tournament's games (default: 3 days)
cmd-max-players-name = max_players
cmd-max-players-desc = The most players (round robin 2 to 64, Swiss up to 512, knockout up to 256)
cmd-rated-name = rated
cmd-rated-desc = Whether the games count for ratings (default: yes)
cmd-starts-at-name = starts_at
cmd-starts-at-desc = Start automatically at a time: 2026-12-24 18:00 (UTC) or in 2h (min, h, d)
cmd-tournament-role-name = tournament_role
cmd-tournament-role-desc = A role whose members may run tournaments here, besides Manage Server (Manage Server)
tournament-format-round-robin = round robin
tournament-format-double-round-robin = double round robin
tournament-format-swiss = Swiss
tournament-format-knockout = knockout
tournament-format-knockout-third-place = knockout with a third-place match
tournament-title = 🏆 **{ $name }** · tournament #{ $id }
tournament-rated = rated
tournament-unrated = unrated
tournament-terms = { $format } · { $time } per move · { $rated }
tournament-terms-rounds = { $format } · { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
} · { $time } per move · { $rated }
tournament-organiser = Organised by { $organiser }.
tournament-starts-at = Starts by itself <t:{ $at }:f> (<t:{ $at }:R>), or when the organiser runs `/akon tournament start`.
tournament-starts-by-hand = Starts when the organiser runs `/akon tournament start`.
tournament-players = **Players: { $count } of { $max }**
tournament-no-players = Nobody yet: press **Join**.
tournament-more-players = { $count ->
    [one] and 1 more
   *[other] and { $count } more
}
button-tournament-join = Join
button-tournament-leave = Leave
tournament-round = **Round { $round } of { $rounds }** · the standings so far:
tournament-finished = **Final standings:**
tournament-cancelled = **This tournament was cancelled.**
tournament-podium = 🏆 { $podium }
tournament-bracket = **Bracket:**
tournament-bracket-round = Round { $round }
tournament-bracket-final = Final
tournament-bracket-third-place = Third place
tournament-bracket-bye = bye
tournament-bracket-walkover = walkover
tournament-bracket-double-forfeit = both forfeited
tournament-bracket-game = game { $game }
tournament-column-player = player
tournament-column-points = pts
tournament-column-buchholz-cut1 = BH-1
tournament-column-buchholz = BH
tournament-column-sonneborn-berger = SB
tournament-column-direct-encounter = DE
tournament-column-seeds = seeds
tournament-column-games = games
tournament-standings-not-started = It has not started: standings come with round 1.
tournament-game-intro = 🏆 **{ $name }** · round { $round }: { $first } against { $second }.
tournament-created = Tournament #{ $id }, **{ $name }**, is announced in this channel: players join with its **Join** button.
tournament-started = **{ $name }** has started: round 1's games are posted in this channel.
tournament-cancelled-done = **{ $name }** is cancelled.
tournament-withdrawn = You have left **{ $name }**.
tournament-joined = You are in **{ $name }**. Your games will be posted in this channel, with a ping.
tournament-left = You have left **{ $name }**.
tournament-computer-added = The computer ({ $level }) plays in **{ $name }**.
refusal-tournament-needs-rights = Running tournaments here needs the Manage Server permission.
refusal-tournament-needs-rights-role = Running tournaments here needs the Manage Server permission or the role { $role }.
refusal-tournament-none-here = There is no tournament open or under way in this channel; give its number.
refusal-tournament-which = This channel has several tournaments; give the number of one ({ $count ->
    [one] tournament
   *[other] tournaments
} { $tournaments }).
refusal-tournament-starts-at-format = Give the start time as `2026-12-24 18:00` (UTC) or as `in 2h` (`m` or `min` minutes, `h` hours, `d` days, up to a year).
refusal-tournament-role-needs-manage-server = Only members who may manage this server can name its tournament role.
## The web pages (AKON_WEB_ADDR) and the links to them

button-replay = Replay
button-live-page = Live page
button-web-leaderboard = Web page
button-web-tournament = Web page
cmd-web-games-name = web_games
cmd-web-games-desc = Show this server's games and tournaments on the web pages (Manage Server)
cmd-web-leaderboard-name = web_leaderboard
cmd-web-leaderboard-desc = Show this server's leaderboard on a web page (Manage Server)
cmd-choice-on = on
cmd-choice-off = off
settings-web-games-on = • this server's games on the web: shown, to whoever has a game's link
settings-web-games-off = • this server's games on the web: not shown
settings-web-leaderboard-on = • this server's leaderboard on the web: shown, to whoever has its link
settings-web-leaderboard-off = • this server's leaderboard on the web: not shown
cmd-leaderboard-inactive-days-name = leaderboard_inactive_days
cmd-leaderboard-inactive-days-desc = Leave off this server's leaderboard whoever has not played rated for this many days; 0: no one
settings-leaderboard-inactive-days = • this server's leaderboard: players without a rated game in the last { $days ->
    [one] day
   *[other] { $days } days
} are left off
settings-leaderboard-inactive-off = • this server's leaderboard: every rated player is listed, however long since their last game
leaderboard-inactive-hidden = Players without a rated game in the last { $days ->
    [one] day
   *[other] { $days } days
} are not listed.
standing-inactive = { $player } has had no rated game here in the last { $days ->
    [one] day
   *[other] { $days } days
}: listed again after the next one.
web-languages = Languages
web-footer = The Akon bot: games played on Discord. Read-only pages; a server's admins choose what they show.
web-front-title = Akon, the two-row mancala game
web-front-intro = Akon is the mancala game of Gabon, Cameroon and Equatorial Guinea, played here on Discord with the Akon bot. Its rules, in full:
web-not-found-title = Page not found
web-not-found = There is no page here, or it is no longer shown.
web-unavailable-title = Unavailable for a moment
web-unavailable = The page cannot be read right now. Try again in a moment.
web-game-title = { $a } vs { $b }
web-row-top = (top)
web-row-bottom = (bottom)
web-in-progress = In progress, { $moves ->
    [one] { $moves } move played
   *[other] { $moves } moves played
}.
web-time-per-move = Time per move: { $time }
web-time-control = Time control: { $control }
web-started = Started { $date }
web-finished = finished { $date }
web-steps = Moves
web-step-first = Start
web-step-prev = Previous move
web-step-next = Next move
web-step-last = Last move
web-step-at = After move { $ply } of { $last }
web-start = The start: { $player } ({ $seat }) moves first.
web-start-short = start
web-keys = The arrow keys ← → step through the moves.
web-moves = Moves
web-record = Record
web-review = Review
web-leaderboard-title = Server leaderboard
web-leaderboard-about = Players by Glicko-2 rating in this server, listed once they have { $min_games ->
    [one] { $min_games } rated game
   *[other] { $min_games } rated games
}; a ? marks a provisional rating.
web-leaderboard-empty = No one is listed yet.
web-pages = Pages
web-page-prev = Previous page
web-page-next = Next page
web-page-at = Page { $page } of { $pages }
web-format-round-robin = Round robin
web-format-double-round-robin = Double round robin
web-format-swiss = Swiss
web-format-knockout = Knockout
web-format-knockout-third-place = Knockout with a third-place match
web-tournament-created = taking entrants
web-tournament-running = round { $round } being played
web-tournament-finished = finished
web-tournament-cancelled = cancelled
web-tournament-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
web-standings = Standings
web-bracket = Bracket
web-standings-none = The standings start with round 1.
web-entrants = Entrants
web-column-points = points
web-column-points-abbr = pts
web-column-games-abbr = GP
web-column-games = games played
web-column-buchholz-cut1 = BC1
web-column-buchholz = BH
web-column-sonneborn-berger = SB
web-column-direct = DE
web-column-seeds = ±
web-tiebreak-buchholz-cut1 = Buchholz Cut-1: the opponents' points, the lowest left out
web-tiebreak-buchholz = Buchholz: the opponents' points
web-tiebreak-sonneborn-berger = Sonneborn–Berger: the points of the opponents beaten, and half of those drawn with
web-tiebreak-direct = Direct encounter: points against the players tied with this one
web-tiebreak-seeds = Seeds captured minus seeds conceded
web-withdrawn = (withdrew)
web-round = Round { $round }
web-bye = bye
web-walkover = walkover

## The puzzle of the day (/akon settings daily_puzzle_channel).
cmd-daily-puzzle-channel-name = daily_puzzle_channel
cmd-daily-puzzle-channel-desc = The channel where the puzzle of the day is posted; choosing one turns it on (Manage Server)
cmd-daily-puzzle-hour-name = daily_puzzle_hour
cmd-daily-puzzle-hour-desc = The hour (UTC, 0 to 23) the puzzle of the day is posted at; 12 until changed (Manage Server)
cmd-daily-puzzle-name = daily_puzzle
cmd-daily-puzzle-desc = Turn this server's puzzle of the day on or off (Manage Server)
settings-daily-puzzle-on = • this server's puzzle of the day: posted in { $channel } each day at { $hour }:00 UTC
settings-daily-puzzle-off = • this server's puzzle of the day: off (its channel was { $channel })
refusal-daily-channel-unseen = I cannot see { $channel }, so I could not post the puzzle of the day there: choose a channel I may read and post in.
refusal-daily-puzzle-no-channel = This server has no puzzle of the day yet: choose its channel first, with daily_puzzle_channel.
refusal-daily-puzzle-other-day = This is the puzzle of { $date }: a day's puzzle can be answered on that day only. Today's puzzle is posted in the channel.
refusal-daily-puzzle-answered = You have answered today's puzzle already ({ $solved ->
    [yes] right, with hole { $hole }
   *[no] hole { $hole }, not the best move
}): only the first answer counts. Come back tomorrow.
refusal-no-daily-puzzle = There is no puzzle of the day yet: no puzzle has been found so far.
daily-title = **🧩 Akon · puzzle of the day · { $date }**
daily-invite = Press Solve to try it privately. One answer a day counts; solve it on consecutive days to build your daily streak.
daily-tally-none = No one has answered yet.
daily-tally = Solved by { $solved } of the { $answered ->
    [one] { $answered } player
   *[other] { $answered } players
} who answered.
daily-month = Solvers of { $month }: { $solvers }
daily-month-solver = { $player } { $days ->
    [one] { $days } day
   *[other] { $days } days
}
button-daily-solve = Solve
daily-private-header = 🧩 Puzzle of the day · { $date }
daily-streak = Your daily streak: { $streak ->
    [one] { $streak } day
   *[other] { $streak } days
} in a row (best { $best }). Come back tomorrow for the next puzzle.

## Vacations and reminders at your pace
cmd-vacation-name = vacation
cmd-vacation-desc = Go on vacation: the clocks of your correspondence games stand still (or run again)
cmd-vacation-state-name = state
cmd-vacation-state-desc = on: you are away; off: you are back
cmd-vacations-name = vacations
cmd-vacations-desc = Whether the games pause while a player is on vacation (default: off)
cmd-reminders-name = reminders
cmd-reminders-desc = How often you are reminded of a move you owe
reminders-pace-none = never
reminders-pace-once = once, when a quarter of the time is left
reminders-pace-hour = also when an hour is left
reminders-pace-daily = also once a day
settings-reminder-pace = • reminded: { $pace }
board-clock-paused = ⏸ The clocks stand still: a player is on vacation.
games-clock-paused = { $turn } (⏸ the clocks stand still: a player is on vacation)
vacation-on = 🏖 You are on vacation: the clocks of { $games ->
    [one] { $games } game
   *[other] { $games } games
} stand still, and your opponents are told. It ends when you move in one of them or use `/akon vacation off`.
vacation-on-no-games = 🏖 You are on vacation. No game of yours has a clock running now; the games that start while you are away stand still too. It ends when you move in one of them or use `/akon vacation off`.
vacation-on-allowance = Days used this year: { $used }, { $left } left (a day begun counts as one); the clocks run again <t:{ $ends_by }:R> at the latest.
vacation-off = 👋 Welcome back: the clocks of { $games ->
    [one] { $games } game
   *[other] { $games } games
} run again. Vacation used this year: { $used } of { $allowed ->
    [one] { $allowed } day
   *[other] { $allowed } days
}.
vacation-notice = 🏖 { $player }, { $away } is on vacation: the clocks of your games with them, such as game #{ $game }, stand still, yours too, until they are back.
vacation-over = ⏰ { $player }, your vacation days of the year are used up: the clocks of your games run again.
stats-vacation = Vacation this year: { $used } of { $allowed ->
    [one] { $allowed } day
   *[other] { $allowed } days
} used.
stats-vacation-away = On vacation now: the clocks run again <t:{ $ends_by }:R> at the latest.
refusal-already-on-vacation = You are already on vacation. `/akon vacation off` ends it.
refusal-not-on-vacation = You are not on vacation: there is nothing to turn off.
refusal-vacation-allowance-used = Your { $days ->
    [one] { $days } day
   *[other] { $days } days
} of vacation of this year are used up: your clocks keep running.
refusal-vacation-busy = Your games kept changing while your vacation ended: please try again.

# A thread per game.
cmd-game-threads-name = game_threads
cmd-game-threads-desc = Play each accepted game in a thread of its own; challenges stay in the channel (Manage Server)
settings-game-threads-on = • a thread per game: on (each accepted game is played in a thread opened from its challenge)
settings-game-threads-off = • a thread per game: off (games are played in the channel)
game-thread-name = { $a } vs { $b }
game-thread-result = { $result }
    The game: { $thread }
game-threads-refused = I may not open threads in <#{ $channel }> (I need *Create Public Threads* and *Send Messages in Threads* there), so this game is played in the channel. Give me both permissions and the next games get their own thread again.
## Games where the bot is no member (DMs, group DMs, servers without the bot)
refusal-opponent-cannot-see-this-chat = Only you and the bot are in this conversation, so { $name } cannot see a challenge here. Challenge them in one of the servers you share, in a DM with them or in a group DM, or play the computer here.
button-refresh = Refresh
venue-server = in { $channel }
venue-bot-dm = in your DM with the bot
venue-private-channel = in a DM or group DM
venue-server-without-bot = in { $channel } (a server without the bot)
turn-ping = { $player }, it is your move in game #{ $game }.
dm-game-over = Game #{ $game } ({ $a } vs { $b }) is over: { $result } Press **Refresh** on its board to see it there.

## Following a game (the Follow button, /akon follow)
button-follow = Follow
button-play-live = Play live
play-live-off = The live game is not available on this bot.
activity-title = Akon, live
activity-signing-in = Signing in with Discord…
activity-finding = Looking for this channel's game…
activity-no-game = No game is going on in this channel. Challenge someone with /akon challenge, then open the Activity again.
activity-sign-in-failed = Discord did not sign you in. Close the Activity and open it again.
activity-unreachable = The bot cannot be reached right now. Try again in a moment.
activity-busy = Too many sign-ins at once. Try again in a minute.
button-unfollow = Unfollow
board-followers = 👁 { $count ->
    [one] 1 person follows
   *[other] { $count } people follow
} this game.
follow-end = You follow game #{ $game }: you will get a DM when it ends. `/akon follow game:{ $game } every_move:True` tells you of every move too.
follow-every-move = You follow game #{ $game }: you will get a DM at every move and when it ends.
unfollow-done = You no longer follow game #{ $game }.
follow-news-move = 👁 Game #{ $game } ({ $a } vs { $b }): { $moves ->
    [one] a move was played
   *[other] { $moves } moves were played
}; { $next } to move.
follow-news-end = 👁 Game #{ $game } ({ $a } vs { $b }) is over: { $result }
games-followed-title = Games you follow ({ $count }):
games-followed-line = • game #{ $game }: { $a } vs { $b } · move { $move }
refusal-follow-own-game = You play in this game: you hear of it anyway.
refusal-game-elsewhere = That game is played elsewhere: follow it from where it is played.
refusal-not-following = You do not follow that game.
cmd-follow-name = follow
cmd-follow-desc = Follow a game you do not play in: a DM when it ends
cmd-follow-game-desc = The game's number (on its board)
cmd-every-move-name = every_move
cmd-every-move-desc = Also a DM at every move
cmd-stop-following-name = stop
cmd-stop-following-desc = Stop following it

## Takebacks in friendly games
cmd-challenge-rated-desc = Count the game for the ratings (default: yes; False: a friendly game, with takebacks)
challenge-friendly = Friendly game: not rated, and the player who just moved may ask to take the move back.
board-friendly = 🤝 Friendly game: not rated, takebacks allowed.
rating-line-friendly = Not rated: a friendly game.
button-takeback = Take back
button-takeback-accept = Accept takeback
button-takeback-decline = Decline takeback
takeback-offer = { $opponent }, { $asker } asks to take back move { $move } of game #{ $game }. Do you accept?
takeback-accepted = Takeback accepted: { $opponent } let { $asker } take back move { $move } of game #{ $game }. { $asker } plays again.
takeback-declined = Takeback declined: { $opponent } keeps move { $move } of game #{ $game } as played by { $asker }. The game goes on.
refusal-takeback-not-friendly = Takebacks are only for friendly games between people (challenged with `rated:False`), never in rated or tournament games nor against the computer.
refusal-takeback-not-your-move = Only the player who just moved may ask to take the move back.
refusal-takeback-too-late = Too late: the game has moved on since that move, so it can no longer be taken back.
refusal-takeback-pending = You already asked to take this move back: wait for the answer.
refusal-takeback-declined = Your opponent declined to take this move back: it stands.
refusal-takeback-not-found = This takeback offer does not exist.
refusal-takeback-answered = This takeback offer was already answered.
refusal-takeback-not-for-you = Only { $name } may answer this takeback offer.

## Live time controls

cmd-time-control-name = time_control
cmd-challenge-time-control-desc = A clock per player for a game played at once: minutes each + seconds per move
time-control = { $code } ({ $minutes } min + { $seconds } s per move)
challenge-pending-live = { $opponent }, { $challenger } challenges you to a live game of **Akon**! Time control: { $control }; the first mover's clock starts as soon as you accept. The challenge expires <t:{ $expires }:R>. { $challenger } can withdraw it with Decline.
rematch-pending-live = { $opponent }, { $challenger } offers you a live rematch (seats swapped) of **Akon**! Time control: { $control }; the first mover's clock starts as soon as you accept. The challenge expires <t:{ $expires }:R>. { $challenger } can withdraw it with Decline.
board-live-clock = ⏱️ { $control } · { $a }: { $a_time } · { $b }: { $b_time }
board-flag-falls = ⏰ Your flag falls <t:{ $deadline }:R> unless you move.
refusal-time-per-move-and-time-control = Choose either a time per move or a time control, not both: a time control is a clock per player for a game played at once.
web-sign-in = Sign in with Discord to play
web-sign-out = Sign out
web-signed-in-as = Signed in as { $name }
web-watching = { $count ->
    [one] { $count } watching
   *[other] { $count } watching
}
web-hole = Hole { $hole }, { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
}
web-your-turn = Your turn: choose a hole on your row.
web-waiting-for = { $name } to move.
web-sign-in-failed-title = Sign-in failed
web-sign-in-state = This sign-in could not be checked: it took too long, or it did not start on this site. Sign in again from the game's page.
web-sign-in-refused = Discord did not confirm who you are. Try again in a moment.
web-sign-in-cancelled = The sign-in was cancelled on Discord.
web-move-sign-in = Sign in to play.
web-move-not-a-player = Only the game's two players can play it.
web-move-not-your-turn = It is not your turn.
web-move-stale = The game has moved on: this board is out of date.
web-move-illegal = That move is not allowed: choose a hole with seeds on your row.
web-move-finished = The game is over.
web-move-csrf = This request could not be checked: reload the page.
web-move-too-fast = Too many moves at once: wait a moment.
web-move-failed = The move could not be saved right now. Try again in a moment.
web-move-bad = This request is not a move.
web-live-full = Too many people are watching live right now: reload the page later.
web-clock-of = Clock of { $name }
