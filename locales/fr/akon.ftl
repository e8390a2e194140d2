# Les mots d'Akon en français. Mêmes messages et mêmes variables que en/akon.ftl.
# Vocabulaire du jeu : graines, trous, rangée (rangée du haut, rangée du bas),
# semer, capturer, coup (un coup = un trou joué).

## Langues, niveaux, durées

language-en = anglais
language-fr = français
language-es = espagnol
language-pt = portugais
level-easy = facile
level-medium = moyen
level-hard = difficile
level-master = maître
duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
duration-hours = { $count ->
    [one] { $count } heure
   *[other] { $count } heures
}
duration-days = { $count ->
    [one] { $count } jour
   *[other] { $count } jours
}
duration-seconds = { $count ->
    [one] { $count } seconde
   *[other] { $count } secondes
}

## Le plateau

board-row-label = { $label } · { $captured ->
    [one] { $captured } prise
   *[other] { $captured } prises
}
picture-captured = { $captured ->
    [one] { $captured } prise
   *[other] { $captured } prises
}
picture-to-move = au tour de { $seat }
picture-game-over = Partie terminée
board-computer-label = { $seat } · ordinateur ({ $level })
row-top = rangée du haut
row-bottom = rangée du bas
move-sown = { $seat } a semé { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} depuis { $hole }, la dernière dans { $last }
move-kept = { $sown } : graine gardée (un trou 1 n'est jamais capturé).
move-captured = { $sown } : { $seeds ->
    [one] { $seeds } graine capturée
   *[other] { $seeds } graines capturées
} en { $holes }.
move-no-capture = { $sown } : pas de capture.
illegal-game-over = la partie est terminée
illegal-not-your-row = c'est au tour de { $to_move }, pas de { $seat } : on ne sème que depuis sa propre rangée
illegal-empty-hole = le trou { $hole } est vide
illegal-does-not-feed = le trou { $hole } ne nourrit pas l'adversaire, dont la rangée est vide, alors qu'un autre coup le fait
# Comment on nomme un joueur dont le nom n'a plus rien à montrer (vide, ou fait
# seulement de caractères que le bot ne peut ni garder ni dessiner).
player-unnamed = joueur

## Boutons

button-accept = Accepter
button-decline = Refuser
button-rematch = Revanche
button-resign = Abandonner
button-abort = Annuler
button-resign-confirm = Oui, abandonner
button-previous = Précédent
button-next = Suivant

## Défis

challenge-pending = { $opponent }, { $challenger } te défie à une partie d'**Akon** ! Temps par coup : { $time }. Le défi expire <t:{ $expires }:R>. { $challenger } peut le retirer avec Refuser.
rematch-pending = { $opponent }, { $challenger } te propose une revanche d'**Akon**, camps échangés ! Temps par coup : { $time }. Le défi expire <t:{ $expires }:R>. { $challenger } peut le retirer avec Refuser.
challenge-accepted = { $opponent } a accepté le défi de { $challenger }. La partie commence !
challenge-declined = { $opponent } a refusé le défi de { $challenger }.
challenge-withdrawn = { $challenger } a retiré son défi à { $opponent }.
challenge-expired = Le défi de { $challenger } à { $opponent } a expiré.
first-mover = Le premier joueur a été tiré au sort : { $player } ({ $seat }).
computer-game-intro = { $player } joue contre l'ordinateur ({ $level }). Le premier joueur a été tiré au sort : { $first } ({ $seat }).

## Plateaux de jeu

board-header = **Akon** · partie n° { $game } · { $title } · { $a } (A, en haut) contre { $b } (B, en bas)
board-title-move = coup { $move }
board-title-finished = terminée après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}
board-last-move = Dernier coup : { $description }
board-thinking = { CAPITALIZED($player) } réfléchit…
board-your-turn = { $player }, à toi de jouer ({ $seat }, { $row }).
board-deadline = ⏰ Si tu ne joues pas, tu perds au temps <t:{ $deadline }:R>.
board-deadline-per-move = ⏰ Si tu ne joues pas, tu perds au temps <t:{ $deadline }:R> ({ $time } par coup).
computer-name = l'ordinateur ({ $level })
result-aborted = **Partie annulée** par { $player } avant que les deux joueurs aient joué : pas de résultat, et la cote ne bouge pas.
result-tournament-cancelled = **Partie arrêtée** : son tournoi a été annulé, elle s'arrête donc ici, sans résultat, et la cote ne bouge pas.
result-how-no-seeds = { $stuck } n'avait plus de graines à semer, donc { $other } a pris les graines restées sur le plateau
result-how-loop = une position est revenue (la règle de la boucle), donc les graines restées sur le plateau ne vont à personne
result-how-resigned = { $player } a abandonné
result-how-withdrew = { $player } a quitté le tournoi
result-how-timeout = { $player } a dépassé son temps
result-how-aborted = { $player } a annulé la partie
result-win = **{ CAPITALIZED($player) } gagne, { $won } à { $lost }** — { $how }.
result-draw = **Partie nulle, { $a_seeds } à { $b_seeds }** — { $how }. { $a } et { $b } sont à égalité.
resign-confirm = Abandonner la partie n° { $game } ? Ton adversaire gagne ; impossible de revenir en arrière.
resigned = Tu as abandonné la partie n° { $game }.
reminder = ⏰ { $player }, c'est à toi de jouer dans la partie n° { $game } contre { $opponent } : tu perds au temps <t:{ $deadline }:R> si tu ne joues pas.
reminder-latest-board = [Dernier plateau]({ $link })

## /akon parties

games-none = Tu n'as aucune partie en cours. Lances-en une avec `/akon défier`.
games-title = Tes parties en cours ({ $count }) :
games-your-turn = **à toi de jouer**
games-computer-turn = au tour de l'ordinateur
games-their-turn = au tour de { $player }
games-line = • partie n° { $game } contre { $opponent } · coup { $move } · { $turn } · tu es { $seat }
games-line-deadline = • partie n° { $game } contre { $opponent } · coup { $move } · { $turn } (fin du temps <t:{ $deadline }:R>) · tu es { $seat }
games-latest-board = [dernier plateau]({ $link })

## /akon réglages

settings-title = Tes réglages Akon :
settings-reminders-dm = • rappels : par message privé
settings-reminders-channel = • rappels : une mention dans le salon de la partie
settings-time = • temps par coup des défis que tu lances : { $time }
settings-language-chosen = • ta langue : { $language }
settings-language-discord = • ta langue : { $language }, celle de ton Discord (`/akon réglages langue` la change)
settings-server-language-chosen = • langue du serveur (plateaux, défis, résultats) : { $language }
settings-server-language-discord = • langue du serveur (plateaux, défis, résultats) : { $language }, celle du serveur sur Discord
settings-board-style = • plateaux que tu es seul à voir (problèmes, /akon partie) : { $style }
settings-server-board-style = • plateaux du serveur : { $style }
board-style-text = en texte
board-style-picture = en image (avec le plateau en texte pour la décrire)
board-style-both = en image et en texte
pictures-refused = { $player }, je n'ai pas le droit de joindre des fichiers dans <#{ $channel }> : les plateaux y sont donc affichés en texte. Donne-moi la permission *Joindre des fichiers* dans ce salon pour les voir en image.

## Refus et pannes

apology = Désolé, quelque chose n'a pas marché de notre côté. Rien n'a été changé ; réessaie.
fault-database-full = Akon ne peut rien enregistrer pour l'instant : son espace de stockage est plein. Rien n'a été changé ; réessaie plus tard.
fault-database-read-only = Akon ne peut rien enregistrer pour l'instant : sa base de données est en lecture seule. Rien n'a été changé ; réessaie plus tard.
fault-database-unreachable = Akon n'arrive pas à joindre sa base de données pour l'instant. Réessaie dans une minute.
unknown-button = Ce bouton n'est pas un bouton d'Akon, ou il n'est plus valable.
command-unknown = Commande inconnue `/{ $command }`.
command-unknown-subcommand = Sous-commande inconnue `{ $subcommand }` ; essaie `/akon règles`.
command-bad-option = L'option `{ $option }` est mal formée.
refusal-not-in-server = Les tournois, les réglages du serveur et le problème du jour sont réservés aux serveurs qui ont ajouté Akon bot. Pour l'ajouter à un serveur que tu gères, ouvre le profil du bot et choisis **Ajouter l'appli**, puis **Ajouter au serveur**.
refusal-challenge-self = Tu ne peux pas te défier toi-même.
refusal-challenge-bot = { $name } est un bot et ne peut pas jouer.
refusal-already-challenged = Tu as déjà lancé à { $name } un défi encore en attente.
refusal-too-many-games = { $name } a déjà { $limit ->
    [one] { $limit } partie en cours
   *[other] { $limit } parties en cours
}, le maximum autorisé.
refusal-challenge-not-found = Ce défi n'existe pas.
refusal-not-your-challenge = Ce défi ne peut être accepté que par { $name }.
refusal-not-in-challenge = Ce défi ne te concerne pas.
refusal-challenge-closed = Ce défi { $status ->
    [accepted] a déjà été accepté
    [declined] a déjà été refusé
    [withdrawn] a déjà été retiré
    [expired] a déjà expiré
   *[other] est déjà clos
}.
refusal-challenge-expired = Ce défi a expiré.
refusal-game-not-found = Cette partie n'existe pas.
refusal-tournament-not-found = Ce tournoi n'existe pas.
refusal-tournament-not-open = Ce tournoi { $status ->
    [running] a déjà commencé
    [finished] est terminé
    [cancelled] a été annulé
   *[other] est fermé
} : on ne peut plus s'y inscrire ni le quitter, et il ne peut pas recommencer.
refusal-tournament-full = Ce tournoi est complet.
refusal-tournament-already-entered = Tu participes déjà à ce tournoi (ou l'ordinateur y joue déjà).
refusal-tournament-not-entered = Tu ne participes pas à ce tournoi.
refusal-tournament-not-organiser = Seul l'organisateur du tournoi peut faire ça.
refusal-tournament-too-few-players = Le tournoi a { $have ->
    [one] { $have } joueur
   *[other] { $have } joueurs
} ; il en faut au moins { $need } pour commencer.
refusal-tournament-name = Le nom d'un tournoi doit compter de 1 à { $max } caractères.
refusal-tournament-players = Un tournoi de ce format accueille de { $min } à { $max } joueurs.
refusal-tournament-rounds = Seul le système suisse permet de choisir le nombre de rondes : au moins 1, et moins que le nombre de joueurs.
refusal-tournament-starts-at = L'heure de début est déjà passée.
refusal-tournament-busy = Des joueurs s'inscrivaient ou se retiraient au moment où le tournoi commençait ; réessaie.
refusal-not-a-player = Tu ne joues pas dans cette partie.
refusal-not-your-turn = C'est au tour de { $name }, pas au tien.
refusal-stale-button = Ce bouton date d'un coup précédent ; la partie a avancé.
refusal-outdated-board = Ce n'est pas le dernier plateau de la partie ; utilise le plus récent.
refusal-game-over = Cette partie est terminée.
refusal-resign-overtaken = La partie a avancé pendant que tu confirmais (un coup a été joué).
refusal-too-late-to-abort = Les deux joueurs ont joué, la partie ne peut plus être annulée ; abandonne-la s'il le faut.
refusal-level-needs-computer = L'option niveau ne sert qu'aux parties contre moi, l'ordinateur : choisis-moi comme adversaire.
refusal-game-not-over = Cette partie n'est pas encore terminée.
refusal-hints-only-computer = Les indices sont réservés aux parties contre l'ordinateur, jamais entre joueurs.
refusal-rematch-pending = Une revanche est déjà proposée (défi { $challenge }).
refusal-timed-out = Ton temps est écoulé : la partie est perdue au temps.
refusal-illegal-move = Ce coup n'est pas permis : { $reason }.
refusal-no-game-here = Tu n'as aucune partie en cours dans ce salon.
refusal-which-game = Tu as plusieurs parties en cours dans ce salon ; précise laquelle ({ $count ->
    [one] partie
   *[other] parties
} { $games }).
refusal-needs-manage-server = Seuls les membres autorisés à gérer ce serveur peuvent changer ses réglages.
refusal-no-server-to-rank = Il n'y a pas de classement de serveur ici : utilise `portée: mondial`, ou demande dans un serveur.
refusal-review-aborted = La partie n° { $game } a été annulée avant que les deux joueurs aient joué : elle n'a pas de résultat, il n'y a donc rien à analyser.

## Classements, statistiques, historique, fiches de partie

scope-server-title = ce serveur
scope-global-title = mondial
scope-server = dans ce serveur
scope-global = tous serveurs confondus
leaderboard-empty-min-games = Personne n'apparaît encore au classement { $scope } : il faut { $min_games ->
    [one] une partie classée
   *[other] { $min_games } parties classées
} pour y figurer. Défie quelqu'un avec `/akon défier` !
leaderboard-empty = Aucune partie classée { $scope } pour l'instant. Défie quelqu'un avec `/akon défier` !
leaderboard-title = **Classement Akon · { $title }** · page { $page } sur { $pages } · { $listed ->
    [one] { $listed } joueur
   *[other] { $listed } joueurs
} avec au moins { $min_games ->
    [one] { $min_games } partie classée
   *[other] { $min_games } parties classées
} (Glicko-2 ; `?` = provisoire)
leaderboard-column-player = joueur
leaderboard-column-rating = cote
leaderboard-column-wins = V
leaderboard-column-losses = D
leaderboard-column-draws = N
leaderboard-column-games = parties
standing-listed = { $player } est n° { $rank } sur { $listed } · cote { $rating } · { $wins } V { $losses } D { $draws } N en { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}.
standing-too-few = { $player } a { $games ->
    [one] { $games } partie classée
   *[other] { $games } parties classées
} { $scope } : il en faut { $needed ->
    [one] une
   *[other] { $needed }
} pour figurer au classement.
standing-unrated = { $player } n'a encore aucune partie classée { $scope }.
cmd-season-channel-name = salon-saison
cmd-season-channel-desc = Le salon où le podium du mois est publié le 1er de chaque mois (permission Gérer le serveur)
settings-season-channel = • podium du mois de ce serveur : publié dans { $channel } le 1er de chaque mois
refusal-season-channel-unseen = Je ne vois pas { $channel }, je ne pourrais donc pas y publier le podium : choisis un salon où je peux lire et écrire.
season-podium-title = **Saison Akon · { $month } · podium**
season-podium-line = { $medal } { $player } · { $change } en { $games ->
    [one] { $games } partie classée
   *[other] { $games } parties classées
}
season-podium-footer = Les meilleurs du mois par cote gagnée, parmi les joueurs qui y ont joué au moins { $min_games ->
    [one] { $min_games } partie classée
   *[other] { $min_games } parties classées
}.
cmd-season-name = saison
cmd-season-desc = Quelle période : ce mois-ci, le mois dernier ou depuis toujours (par défaut)
cmd-season-this-month = ce mois-ci
cmd-season-last-month = le mois dernier
cmd-season-all-time = depuis toujours
season-title = **Saison Akon · { $title } · { $month }** · { $listed ->
    [one] { $listed } joueur
   *[other] { $listed } joueurs
} avec au moins { $min_games ->
    [one] { $min_games } partie classée
   *[other] { $min_games } parties classées
} dans le mois, par cote gagnée
season-column-change = gain
season-empty = Personne n'a encore joué { $min_games ->
    [one] { $min_games } partie classée
   *[other] { $min_games } parties classées
} { $scope } en { $month }.
season-standing-listed = { $player } est n° { $rank } sur { $listed } en { $month } · { $change } en { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}.
season-standing-too-few = { $player } a { $games ->
    [one] { $games } partie classée
   *[other] { $games } parties classées
} { $scope } en { $month } : il en faut { $needed ->
    [one] une
   *[other] { $needed }
} pour figurer au classement.
season-standing-unplayed = { $player } n'a aucune partie classée { $scope } en { $month }.
record-line = { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} : { $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
}, { $losses ->
    [one] { $losses } défaite
   *[other] { $losses } défaites
}, { $draws ->
    [one] { $draws } nul
   *[other] { $draws } nuls
} · graines capturées { $captured } (concédées { $conceded })
rating-summary = **{ $rating }** ({ $games ->
    [one] { $games } partie classée
   *[other] { $games } parties classées
} ; incertitude { $deviation })
rating-summary-ranked = **{ $rating }** ({ $games ->
    [one] { $games } partie classée
   *[other] { $games } parties classées
}, n° { $rank } ; incertitude { $deviation })
rating-recent = { $change } sur { $count ->
    [one] la dernière partie
   *[other] les { $count } dernières parties ({ $changes }, la plus récente d'abord)
}
stats-title = **Statistiques Akon de { $player }**
stats-unrated = Cote : aucune partie classée pour l'instant.
stats-rating-server = Cote dans ce serveur : { $summary }
stats-rating-global = Cote tous serveurs confondus : { $summary }
stats-record-server = Dans ce serveur : { $record }
stats-record-global = Tous serveurs confondus : { $record }
stats-margin = { $sign }{ $margin } { $margin ->
    [one] graine
   *[other] graines
} par partie
stats-no-games = aucune partie pour l'instant
stats-streaks = Série de victoires : { $current } en cours, record { $best } · écart moyen de captures : { $margin }
stats-computer = Contre l'ordinateur ({ $level }) : { $record }
stats-head-to-head = Face à face, { $asker } contre { $player } : { $wins ->
    [one] { $wins } victoire
   *[other] { $wins } victoires
}, { $losses ->
    [one] { $losses } défaite
   *[other] { $losses } défaites
}, { $draws ->
    [one] { $draws } nul
   *[other] { $draws } nuls
} en { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}.
stats-ongoing = Parties en cours : { $count }
stats-tournaments = Tournois : { $events ->
    [one] { $events } joué
   *[other] { $events } joués
} · { $wins ->
    [one] { $wins } gagné
   *[other] { $wins } gagnés
} · { $podiums ->
    [one] { $podiums } podium
   *[other] { $podiums } podiums
} (trois premiers) · meilleur rang { $rank } sur { $players }
history-end-opponent-resigned = l'adversaire a abandonné
history-end-resigned = abandon
history-end-opponent-timeout = l'adversaire a dépassé son temps
history-end-timeout = temps dépassé
history-end-loop = règle de la boucle
history-end-no-seeds = plus de graines
history-won = gagné
history-lost = perdu
history-drew = nul
history-rating = cote { $before } → { $after } ({ $change })
history-unrated = non classée
history-line = • `#{ $game }` <t:{ $finished }:d> · { $result } contre { $opponent }, { $captured }–{ $conceded } · { $rating }
history-line-how = • `#{ $game }` <t:{ $finished }:d> · { $result } contre { $opponent }, { $captured }–{ $conceded } ({ $how }) · { $rating }
history-none = { $player } n'a encore terminé aucune partie.
history-title = **Parties Akon de { $player }** · page { $page } sur { $pages } · { $total ->
    [one] { $total } partie terminée
   *[other] { $total } parties terminées
}, les plus récentes d'abord (`/akon partie <numéro>` en montre une)
history-tournament-game = 🏆 { $tournament }, ronde { $round }
history-tournaments-title = **Tournois** · { $total ->
    [one] { $total } terminé
   *[other] { $total } terminés
}, du plus récent au plus ancien
history-tournament-line = • 🏆 { $name } <t:{ $finished }:d> · rang { $rank } sur { $players } · { $points ->
    [one] { $points } point
   *[other] { $points } points
}
rating-line-rated = Classée dans ce serveur : { $changes }.
rating-line-rated-global = Classée : { $changes }.
rating-line-pair-limit = Non classée : ces deux joueurs ont déjà joué { $per_day ->
    [one] { $per_day } partie classée
   *[other] { $per_day } parties classées
} l'un contre l'autre ces dernières 24 heures. La partie compte quand même dans leurs bilans.
rating-line-unrated-tournament = Non classée : une partie d'un tournoi non classé.
rating-line-forfeit = Non classée : un joueur n'a jamais joué, donc le tournoi compte la partie comme un forfait.
game-title = **Partie Akon n° { $game }** · { $a } (A, en haut) contre { $b } (B, en bas) · commencée le <t:{ $started }:f>
game-ended = Terminée après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}.
game-ended-at = Terminée le <t:{ $finished }:f> après { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}.
game-in-progress = En cours : coup { $move }.
game-record-intro = Notation (le premier joueur, puis les trous joués ; `akon replay --record` la lit) :
game-record-cut = (trop longue pour un message : coupée)

## La commande /akon : noms (Discord : minuscules, sans espace, 32 caractères
## au plus) et descriptions.

cmd-akon-desc = Jouer à l'Akon, le jeu de semailles à deux rangées
cmd-launch-desc = Jouer à l'Akon en direct dans ce salon
cmd-challenge-name = défier
cmd-challenge-desc = Défier quelqu'un à une partie d'Akon
cmd-opponent-name = adversaire
cmd-opponent-desc = Contre qui tu veux jouer (choisis-moi pour jouer contre l'ordinateur)
cmd-level-name = niveau
cmd-level-desc = La force de l'ordinateur, quand tu joues contre moi (par défaut : moyen)
cmd-time-per-move-name = temps-par-coup
cmd-challenge-time-desc = Le temps de chaque joueur pour un coup (par défaut : 3 jours, ou tes /akon réglages)
cmd-settings-time-desc = Le temps par coup des défis que tu lances
cmd-games-name = parties
cmd-games-desc = Tes parties en cours
cmd-board-name = plateau
cmd-board-desc = Afficher de nouveau le plateau actuel d'une partie
cmd-game-option-name = partie
cmd-game-option-desc = Le numéro de la partie (par défaut : ta partie dans ce salon)
cmd-resign-name = abandonner
cmd-resign-desc = Abandonner une partie : ton adversaire gagne
cmd-abort-name = annuler
cmd-abort-desc = Annuler une partie avant que les deux joueurs aient joué : ni résultat ni effet sur la cote
cmd-leaderboard-name = classement
cmd-leaderboard-desc = Les meilleurs joueurs par cote, dans ce serveur ou sur tous les serveurs
cmd-scope-name = portée
cmd-scope-desc = Quel classement (par défaut : serveur)
cmd-scope-server = serveur
cmd-scope-global = mondial
cmd-stats-name = statistiques
cmd-stats-desc = La cote et le bilan d'un joueur
cmd-player-name = joueur
cmd-stats-player-desc = Le joueur dont tu veux le bilan (par défaut : toi)
cmd-history-name = historique
cmd-history-desc = Les dernières parties terminées d'un joueur
cmd-history-player-desc = Le joueur dont tu veux les parties (par défaut : toi)
cmd-game-name = partie
cmd-game-desc = Une partie en entier : résultat, plateau final et notation
cmd-id-name = numéro
cmd-id-desc = Le numéro de la partie, comme dans /akon historique
cmd-settings-name = réglages
cmd-settings-desc = Tes rappels, ton temps par coup par défaut et ta langue
cmd-dm-reminders-name = rappels-en-privé
cmd-dm-reminders-desc = Recevoir les rappels par message privé plutôt que par une mention dans le salon
cmd-language-name = langue
cmd-language-desc = La langue dans laquelle le bot te répond (par défaut : celle de ton Discord)
cmd-server-language-name = langue-du-serveur
cmd-server-language-desc = La langue du serveur pour les plateaux et les défis (permission Gérer le serveur)
cmd-language-discord = comme Discord
cmd-board-style-name = affichage-plateaux
cmd-board-style-desc = Comment s'affichent les plateaux que tu es seul à voir : texte, image, ou les deux
cmd-server-board-style-name = affichage-plateaux-serveur
cmd-server-board-style-desc = Les plateaux du serveur : texte, image, ou les deux (permission Gérer le serveur)
cmd-rules-name = règles
cmd-rules-desc = Les règles de l'Akon, en entier
cmd-review-name = analyse
cmd-review-desc = Faire analyser une partie terminée par le moteur : précision, coups coûteux, tournant
cmd-review-game-desc = Le numéro de la partie, comme dans /akon historique

## /akon règles : toutes les règles et décisions de docs/RULES.md. Chaque
## section fait au plus 2000 caractères (un message Discord).

rules-board =
    ### Les règles de l'Akon
    Là où la description traditionnelle laisse un choix ouvert, le choix fait ici est marqué *(décision)*.

    ### Plateau et graines
    • 2 rangées de 7 trous ; 5 graines dans chaque trou au départ : 70 graines, 35 par camp.
    • Le camp A a la rangée du haut, le camp B la rangée du bas (vu du côté de B).
    • Chaque joueur numérote les trous de sa rangée de 1 à 7, le trou 1 étant le premier trou à sa droite. `A3` est le trou 3 de A, `B1` le trou 1 de B.
    • Le premier joueur est tiré au sort.

    ### Sens des semailles
    On sème de droite à gauche dans sa propre rangée, de gauche à droite dans celle de l'adversaire : A1 → A2 → … → A7 → B1 → B2 → … → B7 → A1 → …
    ```
     A1 A2 A3 A4 A5 A6 A7
     B7 B6 B5 B4 B3 B2 B1
    ```
rules-move =
    ### Un coup
    Le joueur au trait choisit un trou non vide de sa rangée, en prend toutes les graines et les sème une à une, en commençant par le trou suivant du cycle.
    1. **13 graines ou moins** : elles vont dans les trous suivants, une par trou.
    2. **14 graines** : elles font le tour complet du plateau ; la 14e et dernière graine retombe dans le trou de départ. Elle est dans la rangée du joueur, donc rien n'est capturé.
    3. **15 graines ou plus** : les 14 premières font le tour comme en 2. Le joueur saute ensuite le reste de sa propre rangée et sème les graines restantes dans la seule rangée de l'adversaire : trous 1, 2, …, 7 de l'adversaire, puis de nouveau depuis le trou 1 de l'adversaire, jusqu'à ce que la main soit vide. Pendant cette phase, aucune graine n'entre dans la rangée du joueur.
    Le trou où tombe la dernière graine décide de la suite.
rules-captures =
    ### Captures
    • Dernière graine dans la rangée du joueur lui-même : pas de capture.
    • Dernière graine dans le trou 1 de l'adversaire : un trou 1 n'est jamais capturé. Le joueur garde à la place la dernière graine semée : exactement une graine quitte ce trou et s'ajoute à ses captures ; les autres restent. *(décision)* Cela vaut quel que soit le contenu du trou, pour toute semaille qui s'y termine, ordinaire ou longue.
    • Dernière graine dans un trou 2 à 7 de l'adversaire, qui contient alors 2, 3 ou 4 graines (en comptant celle qu'on vient de semer) : le joueur les capture. On regarde ensuite le trou précédent (vers le trou 1 de l'adversaire) : s'il contient 2, 3 ou 4 graines, elles sont capturées aussi, et ainsi de suite. La chaîne s'arrête au premier trou qui contient 0, 1 ou plus de 4 graines, et toujours avant le trou 1 de l'adversaire.
    • Sinon (le dernier trou contient 1 graine, ou 5 ou plus) : pas de capture.
    Les graines capturées quittent le plateau pour de bon.

    Exemple : A sème depuis A2, qui contient 18 graines ; B2, B3 et B4 contiennent 1 graine chacun. Les 13 premières graines vont en A3…A7, B1…B7 et A1 ; la 14e tombe en A2. A saute A3…A7 et sème les 4 restantes en B1, B2, B3, B4. B4 contient alors 3 graines : capturées. B3 et B2 en contiennent 3 chacun : capturées. B1 est un trou 1 : jamais capturé. A capture 9 graines.
rules-end =
    ### Nourrir : interdiction d'affamer l'adversaire
    Un coup est permis si son trou n'est pas vide et si, une fois le coup et ses captures faits, la rangée de l'adversaire contient au moins une graine. Ce n'est que si aucun trou ne donne un tel coup que le joueur peut semer depuis n'importe quel trou non vide. Une semaille qui atteint la rangée de l'adversaire passe toujours par le trou 1 de l'adversaire, qui n'est jamais capturé : une capture ne vide donc jamais la rangée de l'adversaire. Si la seule graine semée tombe dans le trou 1 de l'adversaire, le joueur la garde : elle ne nourrit donc pas une rangée vide.

    ### Fin de la partie
    On la vérifie après chaque coup, dans cet ordre, pour le joueur qui a désormais le trait :
    1. **Plus de graines** : le joueur au trait n'a plus de graines dans sa rangée et ne peut pas jouer. La partie s'arrête et l'autre joueur capture toutes les graines encore sur le plateau.
    2. **Boucle** : la position (les graines des 14 trous et le joueur au trait) est la même qu'une position déjà vue dans la partie. *(décision)* La première répétition termine la partie. Les graines encore sur le plateau ne vont à personne.
    Le joueur qui a capturé le plus de graines gagne ; à égalité, la partie est nulle. Les captures plus les graines qui ne vont à personne font toujours 70.

    ### Notation
    Un coup s'écrit par le numéro du trou joué, de 1 à 7. Une partie s'écrit par le camp du premier joueur, puis ses coups : `A: 3 5 1 7 2` (A a joué 3, B a joué 5, A a joué 1, …).
    Appuie sur un bouton numéroté pour semer depuis ce trou de ta rangée.

## akon play (la partie dans le terminal)

play-intro = Akon : sème depuis ta rangée (trous 1 à 7, le trou 1 à ta droite) ; tape q pour quitter.
play-first = Premier à jouer : { $player }.
play-player = Joueur { $seat }
play-you = Toi ({ $seat })
play-computer = Ordinateur ({ $seat }, { $level })
play-how-no-seeds = un joueur ne pouvait plus jouer, l'autre a pris les graines restantes
play-how-loop = une position est revenue, les graines restantes ne vont à personne
play-wins = { $who ->
    [you] tu gagnes ({ $seat })
   *[other] { $player } gagne
}
play-draw = partie nulle
play-game-over = Partie terminée ({ $how }) : { $result }, { $a } à { $b }.
play-record = Notation : { $record }
play-abandoned = Partie abandonnée. Notation jusqu'ici : { $record }
play-computer-plays = { $player } joue { $hole }.
play-thinking = { $player } réfléchit…
play-ask = { $player }, ton coup ({ $holes }) :
play-not-a-hole = `{ $input }` n'est pas un numéro de trou : les trous sont numérotés de 1 à 7.
play-no-such-hole = le trou { $hole } n'existe pas : les trous sont numérotés de 1 à 7.
play-cannot = Tu ne peux pas jouer { $hole } : { $reason }.

## akon review (l'analyse dans le terminal) : ce qui ne va pas dans la partie donnée

review-cli-nodes = --nodes doit valoir au moins 1
review-cli-no-start = indique où commence la partie : `--first A` ou `--first B` (la position de départ), `--start '<position en JSON>'`, ou `--record 'A: 3 5 1'`
review-cli-no-moves = aucun coup à analyser : donne la partie, par exemple `--record "A: 3 5 1"`
review-cli-record-no-seat = une notation commence par le camp du premier joueur suivi d'un deux-points, comme `A: 3 5 1`
review-cli-record-bad-seat = `{ $seat }` n'est pas un camp : une notation commence par `A:` ou `B:`
review-cli-bad-move = coup { $number } : { $reason }
review-cli-illegal-move = le coup { $number } (trou { $hole }) n'est pas permis : { $reason }

## Analyse d'après-partie et indices

review-definitions = Précision : la part des coups d'un joueur (ceux où il avait le choix) qui ont perdu au plus { $accurate ->
    [one] { $accurate } graine
   *[other] { $accurate } graines
} par rapport au meilleur coup du moteur ; perte moyenne : les graines perdues en moyenne sur ces coups. Graines perdues par rapport au meilleur coup : imprécision { $inaccuracy }–{ $inaccuracy_max }, erreur { $mistake }–{ $mistake_max }, gaffe { $blunder } ou plus.
rules-review = • Analyse : le bouton Analyse d'une partie terminée (ou la commande `/akon analyse`) fait juger chaque coup par le moteur. { $definitions }
review-class-forced = forcé
review-class-good = bon
review-class-inaccuracy = imprécision
review-class-mistake = erreur
review-class-blunder = gaffe
review-seeds = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}
review-expected-draw = une partie nulle
review-expected-win = une victoire avec { $seeds } d'écart
review-expected-loss = une défaite avec { $seeds } d'écart
review-costly-line = { $number }. { CAPITALIZED($player) } a joué { $played }, meilleur { $best } : −{ $loss } ({ $class })
review-header = { $title } : chaque position explorée sur { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
}.
review-seat-line = { CAPITALIZED($who) } : précision { $accuracy } % ({ $accurate } sur { $moves }), perte moyenne { $mean } { $mean ->
    [one] graine
   *[other] graines
} ; { $inaccuracies }, { $mistakes }, { $blunders }.
review-inaccuracies = { $count ->
    [one] { $count } imprécision
   *[other] { $count } imprécisions
}
review-mistakes = { $count ->
    [one] { $count } erreur
   *[other] { $count } erreurs
}
review-blunders = { $count ->
    [one] { $count } gaffe
   *[other] { $count } gaffes
}
review-no-costly = Aucun coup n'a perdu { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
} ou plus par rapport au meilleur coup du moteur.
review-costliest-heading = Coups les plus coûteux (numéro du coup, coup joué, meilleur coup du moteur, graines perdues) :
review-turning-point = Tournant : coup { $number }, { $player } a joué { $played } alors que le trou { $best } aurait gardé { $kept } ; après ce coup, { $after }.
review-no-turning-point = Tournant : aucun ; aucun coup n'a laissé échapper le résultat attendu de son joueur.
review-end-final = le résultat final
review-end-engine = l'avis du moteur à la fin
review-graph-heading = Évaluation (avance attendue de A en graines avant chaque coup, puis { $end } ; A au-dessus de la ligne, B en dessous) :
review-graph-summary-led = { CAPITALIZED($player) } a mené pendant { $ahead } { $ahead ->
    [one] coup
   *[other] coups
} sur { $moves }, avec jusqu'à { $most } d'avance (coup { $number }).
review-graph-summary-even = Aucun joueur n'a jamais mené : pour le moteur, la partie est restée équilibrée de bout en bout.
review-graph-summary-result = Résultat : { $result }
review-graph-summary-end = { CAPITALIZED($end) } : { $expected } pour A.
review-graph-summary-end-draw = { CAPITALIZED($end) } : { $expected }.
picture-graph-moves = coup
picture-graph-lead = avance attendue de A (graines)
picture-graph-ahead = { $seat } devant
picture-graph-turning = tournant : coup { $number }
picture-graph-end = { CAPITALIZED($end) } : { $lead }
picture-bracket-title = Tableau de { $name }.
picture-bracket-winner = Vainqueur
picture-bracket-third-column = Troisième place
picture-bracket-won = Vainqueur : { $player }.
picture-bracket-third = Troisième place : { $players }.
picture-bracket-through = { $player } se qualifie
picture-bracket-playing = en cours
picture-bracket-wins = { $player } l'emporte
picture-bracket-match = { $label } : { $players } : { $how }.
picture-bracket-earlier = Les rondes 1 à { $round } ne sont pas dessinées : voir la liste des matchs.
button-review = Analyse
review-title = Analyse de la partie n° { $game } ({ $record })
review-title-record = Analyse de { $record }
review-refused-in-progress = La partie n° { $game } est encore en cours : l'analyse est réservée aux parties terminées (fair-play).
button-hint = Indice
hint-captures = qui capture { $seeds }
hint-protects = { $count ->
    [one] qui met ton trou { $holes } à l'abri d'une capture
   *[other] qui met tes trous { $holes } à l'abri d'une capture
} (à l'abri : { $seeds })
hint-best-line = premier coup de la meilleure ligne du moteur, qui prévoit { $expected }
hint-message = 💡 Indice : sème le trou { $hole }, { $why }. (Les indices sont notés : le plateau final et /akon statistiques le signalent.)
hints-used-line = { $count ->
    [one] 💡 1 indice a été utilisé dans cette partie.
   *[other] 💡 { $count } indices ont été utilisés dans cette partie.
}
hints-stats-line = { $count ->
    [one] Indices utilisés dans 1 partie contre l'ordinateur.
   *[other] Indices utilisés dans { $count } parties contre l'ordinateur.
}

## Problèmes (/akon problème).
cmd-puzzle-name = problème
cmd-puzzle-desc = Une position où un coup est nettement le meilleur : trouve-le (cote et série de problèmes)
puzzle-header = 🧩 Problème n° { $puzzle } · difficulté { $rating }
puzzle-task = Tu as le camp { $seat } (la rangée du bas) et c'est ton tour. Un coup est nettement le meilleur : il finit la partie avec au moins { $margin } de mieux que tout autre. Quel trou ?
puzzle-row-you = toi ({ $seat })
puzzle-row-opponent = adversaire ({ $seat })
puzzle-right = ✅ Bravo : le trou { $hole } est le meilleur coup, avec { $margin } de mieux que le suivant.
puzzle-wrong = ❌ Ce n'est pas le trou { $played } : après ce coup, le moteur prévoit { $played_expected }. Le meilleur coup était le trou { $best } : { $best_expected }.
puzzle-line = La ligne du moteur : { $line }
puzzle-rating-change = Ta cote de problèmes : { $before } → { $after } · série { $streak } (record { $best })
button-puzzle-next = Problème suivant
puzzle-stats-line = Problèmes : cote { $rating } · { $solved ->
    [one] { $solved } résolu
   *[other] { $solved } résolus
} sur { $attempts } · série { $streak } (record { $best })
rules-puzzles = • Problèmes : `/akon problème` montre une position d'une partie terminée (ou d'une partie du moteur contre lui-même) où un coup est nettement le meilleur : cherché sur { $nodes ->
    [one] { $nodes } position
   *[other] { $nodes } positions
}, il bat tout autre coup d'au moins { $margin }. Appuie sur le trou que tu jouerais ; ta réponse est jugée tout de suite, avec la ligne du moteur. Chaque réponse fait évoluer ta cote de problèmes (Glicko-2, distincte de ta cote de parties) et celle du problème ; les problèmes sont choisis près de ta cote.
refusal-no-puzzle = Aucun problème disponible pour l'instant ; réessaie dans un moment.
refusal-puzzle-not-found = Ce problème n'existe pas.
refusal-not-your-puzzle = Ce problème est celui de quelqu'un d'autre : demande le tien avec /akon problème.
refusal-puzzle-answered = Tu as déjà répondu à ce problème : chaque problème ne compte qu'une fois. /akon problème donne le suivant.

## Tournois (/akon tournoi).
cmd-tournament-name = tournoi
cmd-tournament-desc = Les tournois du serveur : toutes rondes, système suisse ou élimination directe
cmd-tournament-create-name = créer
cmd-tournament-create-desc = Annoncer un tournoi dans ce salon (Gérer le serveur, ou le rôle de tournoi du serveur)
cmd-tournament-start-name = lancer
cmd-tournament-start-desc = Lancer le tournoi maintenant : la ronde 1 est appariée et ses parties commencent
cmd-tournament-cancel-name = annuler
cmd-tournament-cancel-desc = Annuler le tournoi ; ses parties en cours s'arrêtent aussitôt, sans résultat
cmd-tournament-withdraw-name = se-retirer
cmd-tournament-withdraw-desc = Quitter le tournoi : ta partie en cours est perdue, les suivantes perdues par forfait
cmd-tournament-standings-name = classement
cmd-tournament-standings-desc = Le classement du tournoi, pour toi seul
cmd-tournament-add-computer-name = ajouter-ordinateur
cmd-tournament-add-computer-desc = Inscrire l'ordinateur comme joueur, au niveau choisi (un seul par tournoi)
cmd-tournament-level-desc = La force de jeu de l'ordinateur
cmd-tournament-option-name = tournoi
cmd-tournament-option-desc = Le numéro du tournoi (par défaut : celui de ce salon)
cmd-name-name = nom
cmd-name-desc = Le nom du tournoi
cmd-format-name = formule
cmd-format-desc = Toutes rondes, toutes rondes en aller-retour, système suisse ou élimination directe
cmd-rounds-name = rondes
cmd-rounds-desc = Système suisse seulement : combien de rondes (par défaut : assez pour un vainqueur net)
cmd-tournament-time-desc = Le temps de chaque joueur pour un coup dans les parties du tournoi (par défaut : 3 jours)
cmd-max-players-name = joueurs-max
cmd-max-players-desc = Le nombre maximal de joueurs (toutes rondes de 2 à 64, suisse 512, élimination 256)
cmd-rated-name = classé
cmd-rated-desc = Les parties comptent-elles pour la cote ? (par défaut : oui)
cmd-starts-at-name = début
cmd-starts-at-desc = Commencer automatiquement à une heure : 2026-12-24 18:00 (UTC) ou dans 2 h (min, h, j)
cmd-tournament-role-name = rôle-tournoi
cmd-tournament-role-desc = Rôle dont les membres peuvent aussi organiser des tournois ici (permission Gérer le serveur)
tournament-format-round-robin = toutes rondes
tournament-format-double-round-robin = toutes rondes aller-retour
tournament-format-swiss = système suisse
tournament-format-knockout = élimination directe
tournament-format-knockout-third-place = élimination directe avec petite finale
tournament-title = 🏆 **{ $name }** · tournoi n° { $id }
tournament-rated = classé
tournament-unrated = non classé
tournament-terms = { $format } · { $time } par coup · { $rated }
tournament-terms-rounds = { $format } · { $rounds ->
    [one] { $rounds } ronde
   *[other] { $rounds } rondes
} · { $time } par coup · { $rated }
tournament-organiser = Organisé par { $organiser }.
tournament-starts-at = Commence automatiquement le <t:{ $at }:f> (<t:{ $at }:R>), ou dès que l'organisateur utilise `/akon tournoi lancer`.
tournament-starts-by-hand = Commencera quand l'organisateur utilisera `/akon tournoi lancer`.
tournament-players = **Joueurs : { $count } sur { $max }**
tournament-no-players = Personne pour l'instant : appuie sur **Participer**.
tournament-more-players = { $count ->
    [one] et 1 autre
   *[other] et { $count } autres
}
button-tournament-join = Participer
button-tournament-leave = Quitter
tournament-round = **Ronde { $round } sur { $rounds }** · le classement pour l'instant :
tournament-finished = **Classement final :**
tournament-cancelled = **Ce tournoi a été annulé.**
tournament-podium = 🏆 { $podium }
tournament-bracket = **Tableau :**
tournament-bracket-round = Ronde { $round }
tournament-bracket-final = Finale
tournament-bracket-third-place = Petite finale
tournament-bracket-bye = exempt
tournament-bracket-walkover = qualifié d'office
tournament-bracket-double-forfeit = double forfait
tournament-bracket-game = partie { $game }
tournament-column-player = joueur
tournament-column-points = pts
tournament-column-buchholz-cut1 = BH-1
tournament-column-buchholz = BH
tournament-column-sonneborn-berger = SB
tournament-column-direct-encounter = CD
tournament-column-seeds = graines
tournament-column-games = parties
tournament-standings-not-started = Le tournoi n'a pas encore commencé : le classement arrivera avec la ronde 1.
tournament-game-intro = 🏆 **{ $name }** · ronde { $round } : { $first } contre { $second }.
tournament-created = Le tournoi n° { $id }, **{ $name }**, est annoncé dans ce salon : on s'inscrit avec son bouton **Participer**.
tournament-started = **{ $name }** a commencé : les parties de la ronde 1 sont publiées dans ce salon.
tournament-cancelled-done = **{ $name }** est annulé.
tournament-withdrawn = Tu as quitté **{ $name }**.
tournament-joined = Tu participes à **{ $name }**. Tes parties seront publiées dans ce salon, avec une mention.
tournament-left = Tu as quitté **{ $name }**.
tournament-computer-added = L'ordinateur ({ $level }) joue dans **{ $name }**.
refusal-tournament-needs-rights = Organiser des tournois ici demande la permission Gérer le serveur.
refusal-tournament-needs-rights-role = Organiser des tournois ici demande la permission Gérer le serveur ou le rôle { $role }.
refusal-tournament-none-here = Aucun tournoi n'est ouvert ou en cours dans ce salon ; donne son numéro.
refusal-tournament-which = Ce salon a plusieurs tournois ; donne le numéro de l'un d'eux ({ $count ->
    [one] tournoi
   *[other] tournois
} { $tournaments }).
refusal-tournament-starts-at-format = Donne l'heure de début sous la forme `2026-12-24 18:00` (UTC) ou `dans 2 h` (`m` ou `min` minutes, `h` heures, `j` jours, jusqu'à un an).
refusal-tournament-role-needs-manage-server = Seuls les membres autorisés à gérer ce serveur peuvent choisir son rôle de tournoi.
## Les pages web (AKON_WEB_ADDR) et les liens vers elles

button-replay = Revoir la partie
button-live-page = Page en direct
button-web-leaderboard = Page web
button-web-tournament = Page web
cmd-web-games-name = parties-web
cmd-web-games-desc = Montrer les parties et tournois de ce serveur sur les pages web (permission Gérer le serveur)
cmd-web-leaderboard-name = classement-web
cmd-web-leaderboard-desc = Montrer le classement de ce serveur sur une page web (permission Gérer le serveur)
cmd-choice-on = oui
cmd-choice-off = non
settings-web-games-on = • parties de ce serveur sur le web : visibles pour qui a le lien d'une partie
settings-web-games-off = • parties de ce serveur sur le web : masquées
settings-web-leaderboard-on = • classement de ce serveur sur le web : visible pour qui a son lien
settings-web-leaderboard-off = • classement de ce serveur sur le web : masqué
cmd-leaderboard-inactive-days-name = jours-inactifs-classement
cmd-leaderboard-inactive-days-desc = Retirer du classement les joueurs sans partie classée depuis ce nombre de jours ; 0 : aucun
settings-leaderboard-inactive-days = • classement de ce serveur : les joueurs sans partie classée { $days ->
    [one] depuis un jour
   *[other] depuis { $days } jours
} n'y figurent pas
settings-leaderboard-inactive-off = • classement de ce serveur : tous les joueurs classés y figurent, même sans partie depuis longtemps
leaderboard-inactive-hidden = Les joueurs sans partie classée { $days ->
    [one] depuis un jour
   *[other] depuis { $days } jours
} n'y figurent pas.
standing-inactive = { $player } n'a joué aucune partie classée ici { $days ->
    [one] depuis un jour
   *[other] depuis { $days } jours
} : de retour au classement après la prochaine.
web-languages = Langues
web-footer = Le bot Akon : des parties jouées sur Discord. Pages en lecture seule ; les administrateurs d'un serveur choisissent ce qu'elles montrent.
web-front-title = L'Akon, le jeu de semailles à deux rangées
web-front-intro = L'Akon est le jeu de semailles du Gabon, du Cameroun et de la Guinée équatoriale, joué ici sur Discord avec le bot Akon. Ses règles, en entier :
web-not-found-title = Page introuvable
web-not-found = Il n'y a pas de page ici, ou elle n'est plus visible.
web-unavailable-title = Momentanément indisponible
web-unavailable = La page ne peut pas être affichée pour l'instant. Réessaie dans un moment.
web-game-title = { $a } contre { $b }
web-row-top = (en haut)
web-row-bottom = (en bas)
web-in-progress = En cours, { $moves ->
    [one] { $moves } coup joué
   *[other] { $moves } coups joués
}.
web-time-per-move = Temps par coup : { $time }
web-time-control = Cadence : { $control }
web-started = Commencée le { $date }
web-finished = terminée le { $date }
web-steps = Coups
web-step-first = Début
web-step-prev = Coup précédent
web-step-next = Coup suivant
web-step-last = Dernier coup
web-step-at = Après le coup { $ply } sur { $last }
web-start = Le début : { $player } ({ $seat }) joue en premier.
web-start-short = début
web-keys = Les flèches ← → du clavier passent d'un coup à l'autre.
web-moves = Coups
web-record = Partie en notation
web-review = Analyse
web-leaderboard-title = Classement du serveur
web-leaderboard-about = Les joueurs de ce serveur classés par cote Glicko-2, à partir de { $min_games ->
    [one] { $min_games } partie classée
   *[other] { $min_games } parties classées
} ; un « ? » marque une cote provisoire.
web-leaderboard-empty = Personne n'est encore classé.
web-pages = Pages
web-page-prev = Page précédente
web-page-next = Page suivante
web-page-at = Page { $page } sur { $pages }
web-format-round-robin = Toutes rondes
web-format-double-round-robin = Toutes rondes en aller-retour
web-format-swiss = Système suisse
web-format-knockout = Élimination directe
web-format-knockout-third-place = Élimination directe avec petite finale
web-tournament-created = inscriptions ouvertes
web-tournament-running = ronde { $round } en cours
web-tournament-finished = terminé
web-tournament-cancelled = annulé
web-tournament-players = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
web-standings = Classement
web-bracket = Tableau
web-standings-none = Le classement commence avec la ronde 1.
web-entrants = Inscrits
web-column-points = points
web-column-points-abbr = pts
web-column-games-abbr = PJ
web-column-games = parties jouées
web-column-buchholz-cut1 = BC1
web-column-buchholz = BH
web-column-sonneborn-berger = SB
web-column-direct = CD
web-column-seeds = ±
web-tiebreak-buchholz-cut1 = Buchholz tronqué : les points des adversaires, le plus faible retiré
web-tiebreak-buchholz = Buchholz : les points des adversaires
web-tiebreak-sonneborn-berger = Sonneborn-Berger : les points des adversaires battus, et la moitié de ceux des nuls
web-tiebreak-direct = Confrontation directe : les points contre les joueurs à égalité
web-tiebreak-seeds = Graines capturées moins graines concédées
web-withdrawn = (retiré)
web-round = Ronde { $round }
web-bye = exempt
web-walkover = qualifié d'office

## Le problème du jour (/akon settings daily_puzzle_channel).
cmd-daily-puzzle-channel-name = salon-problème-du-jour
cmd-daily-puzzle-channel-desc = Le salon où le problème du jour est publié ; le choisir l'active (permission Gérer le serveur)
cmd-daily-puzzle-hour-name = heure-problème-du-jour
cmd-daily-puzzle-hour-desc = L'heure UTC (0 à 23) de publication du problème du jour ; 12 par défaut (Gérer le serveur)
cmd-daily-puzzle-name = problème-du-jour
cmd-daily-puzzle-desc = Activer ou désactiver le problème du jour de ce serveur (permission Gérer le serveur)
settings-daily-puzzle-on = • problème du jour de ce serveur : publié dans { $channel } chaque jour à { $hour } h UTC
settings-daily-puzzle-off = • problème du jour de ce serveur : désactivé (son salon était { $channel })
refusal-daily-channel-unseen = Je ne vois pas { $channel }, je ne pourrais donc pas y publier le problème du jour : choisis un salon où je peux lire et écrire.
refusal-daily-puzzle-no-channel = Ce serveur n'a pas encore de problème du jour : choisis d'abord son salon, avec salon-problème-du-jour.
refusal-daily-puzzle-other-day = C'est le problème du { $date } : le problème d'un jour ne se résout que ce jour-là. Celui d'aujourd'hui est publié dans le salon.
refusal-daily-puzzle-answered = Tu as déjà répondu au problème du jour ({ $solved ->
    [yes] bonne réponse, le trou { $hole }
   *[no] le trou { $hole }, qui n'était pas le meilleur coup
}) : seule la première réponse compte. Reviens demain.
refusal-no-daily-puzzle = Il n'y a pas encore de problème du jour : aucun problème n'a été trouvé pour l'instant.
daily-title = **🧩 Akon · problème du jour · { $date }**
daily-invite = Appuie sur Résoudre pour le tenter en privé. Une réponse par jour compte ; résous-le plusieurs jours de suite pour allonger ta série.
daily-tally-none = Personne n'a encore répondu.
daily-tally = Résolu par { $solved } sur { $answered ->
    [one] { $answered } joueur qui a répondu
   *[other] { $answered } joueurs qui ont répondu
}.
daily-month = Problèmes du jour résolus en { $month } : { $solvers }
daily-month-solver = { $player } { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}
button-daily-solve = Résoudre
daily-private-header = 🧩 Problème du jour · { $date }
daily-streak = Ta série : { $streak ->
    [one] { $streak } jour
   *[other] { $streak } jours
} de suite (record { $best }). Reviens demain pour le prochain problème.

## Vacances et rappels à ton rythme
cmd-vacation-name = vacances
cmd-vacation-desc = Partir en vacances : les pendules de tes parties par correspondance s'arrêtent (ou repartent)
cmd-vacation-state-name = état
cmd-vacation-state-desc = oui : tu es absent ; non : tu es de retour
cmd-vacations-name = vacances
cmd-vacations-desc = Si les parties s'arrêtent pendant les vacances d'un joueur (par défaut : non)
cmd-reminders-name = rappels
cmd-reminders-desc = À quelle fréquence on te rappelle un coup à jouer
reminders-pace-none = jamais
reminders-pace-once = une fois, quand il reste un quart du temps
reminders-pace-hour = aussi quand il reste une heure
reminders-pace-daily = aussi une fois par jour
settings-reminder-pace = • rappels : { $pace }
board-clock-paused = ⏸ Les pendules sont arrêtées : un joueur est en vacances.
games-clock-paused = { $turn } (⏸ les pendules sont arrêtées : un joueur est en vacances)
vacation-on = 🏖 Tu es en vacances : les pendules de { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} sont arrêtées, et tes adversaires sont prévenus. Elles prennent fin quand tu joues dans l'une d'elles ou avec `/akon vacances non`.
vacation-on-no-games = 🏖 Tu es en vacances. Aucune de tes parties n'a de pendule en marche pour l'instant ; celles qui commencent pendant ton absence s'arrêtent aussi. Elles prennent fin quand tu joues dans l'une d'elles ou avec `/akon vacances non`.
vacation-on-allowance = Jours utilisés cette année : { $used }, il en reste { $left } (un jour entamé compte pour un) ; les pendules repartent <t:{ $ends_by }:R> au plus tard.
vacation-off = 👋 Bon retour : les pendules de { $games ->
    [one] { $games } partie
   *[other] { $games } parties
} repartent. Vacances utilisées cette année : { $used } sur { $allowed ->
    [one] { $allowed } jour
   *[other] { $allowed } jours
}.
vacation-notice = 🏖 { $player }, { $away } est en vacances : les pendules de vos parties, comme la partie n° { $game }, sont arrêtées, la tienne aussi, jusqu'à son retour.
vacation-over = ⏰ { $player }, tes jours de vacances de l'année sont épuisés : les pendules de tes parties repartent.
stats-vacation = Vacances cette année : { $used } sur { $allowed ->
    [one] { $allowed } jour
   *[other] { $allowed } jours
} utilisés.
stats-vacation-away = En vacances en ce moment : les pendules repartent <t:{ $ends_by }:R> au plus tard.
refusal-already-on-vacation = Tu es déjà en vacances. `/akon vacances non` y met fin.
refusal-not-on-vacation = Tu n'es pas en vacances : il n'y a rien à arrêter.
refusal-vacation-allowance-used = Tes { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} de vacances de l'année sont épuisés : tes pendules continuent de tourner.
refusal-vacation-busy = Tes parties ont changé pendant la fin de tes vacances : réessaie.

# Un fil par partie.
cmd-game-threads-name = fil-par-partie
cmd-game-threads-desc = Jouer chaque partie acceptée dans son propre fil, le défi restant au salon (Gérer le serveur)
settings-game-threads-on = • un fil par partie : activé (chaque partie acceptée se joue dans un fil ouvert depuis son défi)
settings-game-threads-off = • un fil par partie : désactivé (les parties se jouent dans le salon)
game-thread-name = { $a } contre { $b }
game-thread-result = { $result }
    La partie : { $thread }
game-threads-refused = Je ne peux pas ouvrir de fils dans <#{ $channel }> (il me faut les permissions *Créer des fils publics* et *Envoyer des messages dans les fils* dans ce salon), donc cette partie se joue dans le salon. Donne-moi ces deux permissions et les prochaines parties auront de nouveau leur propre fil.
## Games where the bot is no member (DMs, group DMs, servers without the bot)
refusal-opponent-cannot-see-this-chat = Seuls toi et le bot êtes dans cette conversation : { $name } ne peut pas y voir un défi. Défie cette personne dans un serveur, en message privé avec elle ou dans un groupe, ou joue ici contre l'ordinateur.
button-refresh = Actualiser
venue-server = dans { $channel }
venue-bot-dm = dans ta conversation privée avec le bot
venue-private-channel = en message privé ou en groupe
venue-server-without-bot = dans { $channel } (un serveur sans le bot)
turn-ping = { $player }, c'est à toi de jouer dans la partie n° { $game }.
dm-game-over = La partie n° { $game } ({ $a } contre { $b }) est terminée : { $result } Appuie sur **Actualiser** sous son plateau pour l'y voir.

## Suivre une partie (le bouton Suivre, /akon follow)
button-follow = Suivre
button-play-live = Jouer en direct
play-live-off = Le jeu en direct n'est pas disponible sur ce bot.
activity-title = Akon, en direct
activity-signing-in = Connexion avec Discord…
activity-finding = Recherche de la partie de ce salon…
activity-no-game = Aucune partie en cours dans ce salon. Défiez quelqu'un avec /akon défier, puis rouvrez l'activité.
activity-sign-in-failed = Discord ne vous a pas connecté. Fermez l'activité et rouvrez-la.
activity-unreachable = Le bot est injoignable pour le moment. Réessayez dans un instant.
activity-busy = Trop de connexions à la fois. Réessayez dans une minute.
button-unfollow = Ne plus suivre
board-followers = 👁 { $count ->
    [one] { $count } personne suit
   *[other] { $count } personnes suivent
} cette partie.
follow-end = Tu suis la partie n° { $game } : tu recevras un message privé à sa fin. `/akon suivre partie:{ $game } chaque-coup:True` te prévient aussi de chaque coup.
follow-every-move = Tu suis la partie n° { $game } : tu recevras un message privé à chaque coup et à sa fin.
unfollow-done = Tu ne suis plus la partie n° { $game }.
follow-news-move = 👁 Partie n° { $game } ({ $a } contre { $b }) : { $moves ->
    [one] un coup a été joué
   *[other] { $moves } coups ont été joués
} ; au tour de { $next }.
follow-news-end = 👁 La partie n° { $game } ({ $a } contre { $b }) est terminée : { $result }
games-followed-title = Parties que tu suis ({ $count }) :
games-followed-line = • partie n° { $game } : { $a } contre { $b } · coup { $move }
refusal-follow-own-game = Tu joues dans cette partie : tu en es informé de toute façon.
refusal-game-elsewhere = Cette partie se joue ailleurs : suis-la depuis l'endroit où elle se joue.
refusal-not-following = Tu ne suis pas cette partie.
cmd-follow-name = suivre
cmd-follow-desc = Suivre une partie où tu ne joues pas : un message privé à sa fin
cmd-follow-game-desc = Le numéro de la partie (sur son plateau)
cmd-every-move-name = chaque-coup
cmd-every-move-desc = Aussi un message privé à chaque coup
cmd-stop-following-name = arrêter
cmd-stop-following-desc = Ne plus la suivre

## Reprises de coup dans les parties amicales
cmd-challenge-rated-desc = Compter la partie pour la cote (par défaut : oui ; False : partie amicale, coups repris)
challenge-friendly = Partie amicale : non classée, et le joueur qui vient de jouer peut demander à reprendre son coup.
board-friendly = 🤝 Partie amicale : non classée, reprises de coup permises.
rating-line-friendly = Non classée : une partie amicale.
button-takeback = Reprendre le coup
button-takeback-accept = Accepter la reprise
button-takeback-decline = Refuser la reprise
takeback-offer = { $opponent }, { $asker } demande à reprendre le coup { $move } de la partie n° { $game }. Acceptes-tu ?
takeback-accepted = Reprise acceptée : { $opponent } laisse { $asker } reprendre le coup { $move } de la partie n° { $game }. { $asker } rejoue.
takeback-declined = Reprise refusée : { $opponent } garde le coup { $move } de la partie n° { $game } tel que { $asker } l'a joué. La partie continue.
refusal-takeback-not-friendly = Les reprises de coup ne sont permises que dans les parties amicales entre personnes (défi avec `rated:False`), jamais dans une partie classée ou de tournoi ni contre l'ordinateur.
refusal-takeback-not-your-move = Seul le joueur qui vient de jouer peut demander à reprendre son coup.
refusal-takeback-too-late = Trop tard : la partie a avancé depuis ce coup, il ne peut plus être repris.
refusal-takeback-pending = Tu as déjà demandé à reprendre ce coup : attends la réponse.
refusal-takeback-declined = Ton adversaire a refusé que tu reprennes ce coup : il reste joué.
refusal-takeback-not-found = Cette demande de reprise n'existe pas.
refusal-takeback-answered = Cette demande de reprise a déjà reçu une réponse.
refusal-takeback-not-for-you = Seul { $name } peut répondre à cette demande de reprise.

## Cadences en direct

cmd-time-control-name = cadence
cmd-challenge-time-control-desc = Une pendule par joueur, partie d'une traite : minutes chacun + secondes par coup
time-control = { $code } ({ $minutes } min + { $seconds } s par coup)
challenge-pending-live = { $opponent }, { $challenger } te défie à une partie d'**Akon** en direct ! Cadence : { $control } ; la pendule du premier joueur démarre dès que tu acceptes. Le défi expire <t:{ $expires }:R>. { $challenger } peut le retirer avec Refuser.
rematch-pending-live = { $opponent }, { $challenger } te propose une revanche d'**Akon** en direct, camps échangés ! Cadence : { $control } ; la pendule du premier joueur démarre dès que tu acceptes. Le défi expire <t:{ $expires }:R>. { $challenger } peut le retirer avec Refuser.
board-live-clock = ⏱️ { $control } · { $a } : { $a_time } · { $b } : { $b_time }
board-flag-falls = ⏰ Ton drapeau tombe <t:{ $deadline }:R> si tu ne joues pas.
refusal-time-per-move-and-time-control = Choisis un temps par coup ou une cadence, pas les deux : une cadence donne une pendule à chaque joueur pour une partie jouée d'une traite.
web-sign-in = Se connecter avec Discord pour jouer
web-sign-out = Se déconnecter
web-signed-in-as = Connecté en tant que { $name }
web-watching = { $count ->
    [one] { $count } spectateur
   *[other] { $count } spectateurs
}
web-hole = Case { $hole }, { $seeds ->
    [one] { $seeds } graine
   *[other] { $seeds } graines
}
web-your-turn = À toi de jouer : choisis une case de ta rangée.
web-waiting-for = Au tour de { $name }.
web-sign-in-failed-title = Connexion impossible
web-sign-in-state = Cette connexion n'a pas pu être vérifiée : elle a pris trop de temps, ou elle n'a pas commencé sur ce site. Reconnecte-toi depuis la page de la partie.
web-sign-in-refused = Discord n'a pas confirmé qui tu es. Réessaie dans un moment.
web-sign-in-cancelled = La connexion a été annulée sur Discord.
web-move-sign-in = Connecte-toi pour jouer.
web-move-not-a-player = Seuls les deux joueurs de la partie peuvent y jouer.
web-move-not-your-turn = Ce n'est pas ton tour.
web-move-stale = La partie a avancé : ce plateau n'est plus à jour.
web-move-illegal = Ce coup n'est pas permis : choisis une case de ta rangée qui a des graines.
web-move-finished = La partie est terminée.
web-move-csrf = Cette demande n'a pas pu être vérifiée : recharge la page.
web-move-too-fast = Trop de coups à la fois : attends un instant.
web-move-failed = Le coup n'a pas pu être enregistré pour l'instant. Réessaie dans un moment.
web-move-bad = Cette demande n'est pas un coup.
web-live-full = Trop de monde regarde en direct en ce moment : recharge la page plus tard.
web-clock-of = Pendule de { $name }
