# Las palabras de Akon en español. Los mismos mensajes y variables que en/akon.ftl.
# Vocabulario del juego: semillas, hoyos, fila (fila de arriba, fila de abajo),
# sembrar, capturar, jugada (una jugada = un hoyo jugado).

## Idiomas, niveles, duraciones

language-en = inglés
language-fr = francés
language-es = español
language-pt = portugués
level-easy = fácil
level-medium = medio
level-hard = difícil
level-master = maestro
duration-minutes = { $count ->
    [one] { $count } minuto
   *[other] { $count } minutos
}
duration-hours = { $count ->
    [one] { $count } hora
   *[other] { $count } horas
}
duration-days = { $count ->
    [one] { $count } día
   *[other] { $count } días
}
duration-seconds = { $count ->
    [one] { $count } segundo
   *[other] { $count } segundos
}

## El tablero

board-row-label = { $label } · capturadas: { $captured }
picture-captured = capturadas: { $captured }
picture-to-move = turno de { $seat }
picture-game-over = Partida terminada
board-computer-label = { $seat } · máquina ({ $level })
row-top = fila de arriba
row-bottom = fila de abajo
move-sown = { $seat } sembró { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} desde { $hole }, la última en { $last }
move-kept = { $sown }: se quedó con esa semilla (un hoyo 1 nunca se captura).
move-captured = { $sown }: capturó { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} en { $holes }.
move-no-capture = { $sown }: sin captura.
illegal-game-over = la partida ha terminado
illegal-not-your-row = es el turno de { $to_move }, no de { $seat }: cada jugador solo siembra desde su propia fila
illegal-empty-hole = el hoyo { $hole } está vacío
illegal-does-not-feed = el hoyo { $hole } no alimenta al rival, cuya fila está vacía, y otra jugada sí lo hace
# Cómo se nombra a un jugador cuyo nombre ya no tiene nada que mostrar (vacío,
# o hecho solo de caracteres que el bot no puede guardar ni dibujar).
player-unnamed = jugador

## Botones

button-accept = Aceptar
button-decline = Rechazar
button-rematch = Revancha
button-resign = Rendirse
button-abort = Anular
button-resign-confirm = Sí, me rindo
button-previous = Anterior
button-next = Siguiente

## Desafíos

challenge-pending = { $opponent }, ¡{ $challenger } te desafía a una partida de **Akon**! Tiempo por jugada: { $time }. El desafío caduca <t:{ $expires }:R>. { $challenger } puede retirarlo con Rechazar.
rematch-pending = { $opponent }, ¡{ $challenger } te ofrece la revancha de **Akon**, con los lados cambiados! Tiempo por jugada: { $time }. El desafío caduca <t:{ $expires }:R>. { $challenger } puede retirarlo con Rechazar.
challenge-accepted = { $opponent } aceptó el desafío de { $challenger }. ¡Empieza la partida!
challenge-declined = { $opponent } rechazó el desafío de { $challenger }.
challenge-withdrawn = { $challenger } retiró su desafío a { $opponent }.
challenge-expired = El desafío de { $challenger } a { $opponent } ha caducado.
first-mover = Se sorteó quién empieza: { $player } ({ $seat }).
computer-game-intro = { $player } juega contra la máquina ({ $level }). Se sorteó quién empieza: { $first } ({ $seat }).

## Tableros de juego

board-header = **Akon** · partida n.º { $game } · { $title } · { $a } (A, arriba) contra { $b } (B, abajo)
board-title-move = jugada { $move }
board-title-finished = terminada tras { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
}
board-last-move = Última jugada: { $description }
board-thinking = { CAPITALIZED($player) } está pensando…
board-your-turn = { $player }, te toca ({ $seat }, { $row }).
board-deadline = ⏰ Si no juegas, pierdes por tiempo <t:{ $deadline }:R>.
board-deadline-per-move = ⏰ Si no juegas, pierdes por tiempo <t:{ $deadline }:R> ({ $time } por jugada).
computer-name = la máquina ({ $level })
result-aborted = **Partida anulada** por { $player } antes de que jugaran los dos: sin resultado y sin efecto en la puntuación.
result-tournament-cancelled = **Partida detenida**: su torneo se canceló, así que termina aquí, sin resultado y sin efecto en la puntuación.
result-how-no-seeds = { $stuck } no tenía semillas para sembrar, así que { $other } se llevó las semillas del tablero
result-how-loop = se repitió una posición (la regla del bucle), así que las semillas que quedan en el tablero no son de nadie
result-how-resigned = { $player } se rindió
result-how-withdrew = { $player } se retiró del torneo
result-how-timeout = { $player } se quedó sin tiempo
result-how-aborted = { $player } anuló la partida
result-win = **{ CAPITALIZED($player) } gana, { $won } a { $lost }** — { $how }.
result-draw = **Empate, { $a_seeds } a { $b_seeds }** — { $how }. { $a } y { $b } empatan.
resign-confirm = ¿Rendirte en la partida n.º { $game }? Tu rival gana; no se puede deshacer.
resigned = Te rendiste en la partida n.º { $game }.
reminder = ⏰ { $player }, te toca jugar en la partida n.º { $game } contra { $opponent }: pierdes por tiempo <t:{ $deadline }:R> si no juegas.
reminder-latest-board = [Último tablero]({ $link })

## /akon mis-partidas

games-none = No tienes partidas en curso. Empieza una con `/akon desafiar`.
games-title = Tus partidas en curso ({ $count }):
games-your-turn = **te toca**
games-computer-turn = turno de la máquina
games-their-turn = turno de { $player }
games-line = • partida n.º { $game } contra { $opponent } · jugada { $move } · { $turn } · eres { $seat }
games-line-deadline = • partida n.º { $game } contra { $opponent } · jugada { $move } · { $turn } (se acaba el tiempo <t:{ $deadline }:R>) · eres { $seat }
games-latest-board = [último tablero]({ $link })

## /akon ajustes

settings-title = Tus ajustes de Akon:
settings-reminders-dm = • recordatorios: por mensaje directo
settings-reminders-channel = • recordatorios: una mención en el canal de la partida
settings-time = • tiempo por jugada de los desafíos que envías: { $time }
settings-language-chosen = • tu idioma: { $language }
settings-language-discord = • tu idioma: { $language }, el de tu Discord (`/akon ajustes idioma` lo cambia)
settings-server-language-chosen = • idioma del servidor (tableros, desafíos, resultados): { $language }
settings-server-language-discord = • idioma del servidor (tableros, desafíos, resultados): { $language }, el del servidor en Discord
settings-board-style = • tableros que solo ves tú (problemas, /akon partida): { $style }
settings-server-board-style = • tableros del servidor: { $style }
board-style-text = en texto
board-style-picture = en imagen (con el tablero en texto como descripción)
board-style-both = en imagen y en texto
pictures-refused = { $player }, no puedo adjuntar archivos en <#{ $channel }>, así que los tableros de ese canal se muestran en texto. Dame el permiso *Adjuntar archivos* en ese canal para verlos en imagen.

## Rechazos y fallos

apology = Lo sentimos, algo falló por nuestra parte. No se cambió nada; inténtalo de nuevo.
fault-database-full = Akon no puede guardar nada por ahora: su almacenamiento está lleno. No se cambió nada; inténtalo más tarde.
fault-database-read-only = Akon no puede guardar nada por ahora: su base de datos es de solo lectura. No se cambió nada; inténtalo más tarde.
fault-database-unreachable = Akon no puede conectarse a su base de datos en este momento. Inténtalo de nuevo en un minuto.
unknown-button = Este botón no es de Akon, o ya no es válido.
command-unknown = Comando desconocido `/{ $command }`.
command-unknown-subcommand = Subcomando desconocido `{ $subcommand }`; prueba `/akon reglas`.
command-bad-option = La opción `{ $option }` no es válida.
refusal-not-in-server = Los torneos, los ajustes del servidor y el problema del día son de los servidores que añadieron Akon bot. Para añadirlo a un servidor que administras, abre el perfil del bot y elige **Añadir aplicación** y luego **Añadir al servidor**.
refusal-challenge-self = No puedes desafiarte a ti mismo.
refusal-challenge-bot = { $name } es un bot y no puede jugar.
refusal-already-challenged = Ya tienes un desafío pendiente con { $name }.
refusal-too-many-games = { $name } ya tiene { $limit ->
    [one] { $limit } partida en curso
   *[other] { $limit } partidas en curso
}, el máximo permitido.
refusal-challenge-not-found = Ese desafío no existe.
refusal-not-your-challenge = Solo { $name } puede aceptar este desafío.
refusal-not-in-challenge = Este desafío no es para ti.
refusal-challenge-closed = Este desafío { $status ->
    [accepted] ya fue aceptado
    [declined] ya fue rechazado
    [withdrawn] ya fue retirado
    [expired] ya caducó
   *[other] ya está cerrado
}.
refusal-challenge-expired = Este desafío ha caducado.
refusal-game-not-found = Esa partida no existe.
refusal-tournament-not-found = Ese torneo no existe.
refusal-tournament-not-open = Este torneo { $status ->
    [running] ya ha empezado
    [finished] ha terminado
    [cancelled] fue cancelado
   *[other] está cerrado
}: ya no es posible apuntarse ni retirarse, y no puede volver a empezar.
refusal-tournament-full = Este torneo está completo.
refusal-tournament-already-entered = Ya estás en este torneo (o ya tiene a la máquina como jugador).
refusal-tournament-not-entered = No estás en este torneo.
refusal-tournament-not-organiser = Solo el organizador del torneo puede hacer eso.
refusal-tournament-too-few-players = El torneo tiene { $have ->
    [one] { $have } jugador
   *[other] { $have } jugadores
}; necesita al menos { $need } para empezar.
refusal-tournament-name = El nombre de un torneo debe tener de 1 a { $max } caracteres.
refusal-tournament-players = Un torneo de este formato admite de { $min } a { $max } jugadores.
refusal-tournament-rounds = Solo en el sistema suizo se elige el número de rondas: al menos 1, y menos que el número de jugadores.
refusal-tournament-starts-at = La hora de inicio ya ha pasado.
refusal-tournament-busy = Había jugadores apuntándose o retirándose justo cuando empezaba el torneo; inténtalo de nuevo.
refusal-not-a-player = No juegas en esta partida.
refusal-not-your-turn = Es el turno de { $name }, no el tuyo.
refusal-stale-button = Este botón es de una jugada anterior; la partida ha avanzado.
refusal-outdated-board = Este no es el último tablero de la partida; usa el más reciente.
refusal-game-over = Esta partida ha terminado.
refusal-resign-overtaken = La partida avanzó mientras confirmabas (alguien hizo una jugada).
refusal-too-late-to-abort = Los dos jugadores ya han jugado, así que esta partida ya no se puede anular; ríndete si es necesario.
refusal-level-needs-computer = La opción nivel solo sirve para partidas contra mí, la máquina: elígeme como rival.
refusal-game-not-over = Esta partida aún no ha terminado.
refusal-hints-only-computer = Las pistas son solo para partidas contra la máquina, nunca entre personas.
refusal-rematch-pending = Ya se ofreció una revancha (desafío { $challenge }).
refusal-timed-out = Se te acabó el tiempo: has perdido la partida por tiempo.
refusal-illegal-move = Esa jugada no está permitida: { $reason }.
refusal-no-game-here = No tienes ninguna partida en curso en este canal.
refusal-which-game = Tienes varias partidas en curso en este canal; indica cuál ({ $count ->
    [one] partida
   *[other] partidas
} { $games }).
refusal-needs-manage-server = Solo quien tenga permiso para gestionar este servidor puede cambiar sus ajustes.
refusal-no-server-to-rank = Aquí no hay clasificación de servidor: usa `ámbito: global`, o pregunta en un servidor.
refusal-review-aborted = La partida n.º { $game } se anuló antes de que jugaran los dos: no tiene resultado, así que no hay nada que analizar.

## Clasificaciones, estadísticas, historial, fichas de partida

scope-server-title = este servidor
scope-global-title = global
scope-server = en este servidor
scope-global = en todos los servidores
leaderboard-empty-min-games = Aún no hay nadie en la clasificación { $scope }: para aparecer en ella, { $min_games ->
    [one] hace falta { $min_games } partida puntuada
   *[other] hacen falta { $min_games } partidas puntuadas
}. ¡Desafía a alguien con `/akon desafiar`!
leaderboard-empty = Aún no hay partidas puntuadas { $scope }. ¡Desafía a alguien con `/akon desafiar`!
leaderboard-title = **Clasificación de Akon · { $title }** · página { $page } de { $pages } · { $listed ->
    [one] { $listed } jugador
   *[other] { $listed } jugadores
} con al menos { $min_games ->
    [one] { $min_games } partida puntuada
   *[other] { $min_games } partidas puntuadas
} (Glicko-2; `?` = provisional)
leaderboard-column-player = jugador
leaderboard-column-rating = punt.
leaderboard-column-wins = G
leaderboard-column-losses = P
leaderboard-column-draws = E
leaderboard-column-games = partidas
standing-listed = { $player } ocupa el puesto { $rank } de { $listed } · puntuación { $rating } · { $wins } G { $losses } P { $draws } E en { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}.
standing-too-few = { $player } tiene { $games ->
    [one] { $games } partida puntuada
   *[other] { $games } partidas puntuadas
} { $scope }: { $needed ->
    [one] hace falta { $needed }
   *[other] hacen falta { $needed }
} para aparecer en la clasificación.
standing-unrated = { $player } aún no tiene partidas puntuadas { $scope }.
cmd-season-channel-name = canal-temporada
cmd-season-channel-desc = Elige el canal donde se publica el podio del mes el día 1 de cada mes (permiso Gestionar servidor)
settings-season-channel = • podio del mes de este servidor: se publica en { $channel } el día 1 de cada mes
refusal-season-channel-unseen = No veo { $channel }, así que no podría publicar allí el podio: elige un canal donde pueda leer y escribir.
season-podium-title = **Temporada de Akon · { $month } · podio**
season-podium-line = { $medal } { $player } · { $change } en { $games ->
    [one] { $games } partida puntuada
   *[other] { $games } partidas puntuadas
}
season-podium-footer = Los mejores del mes por puntuación ganada, entre los jugadores con al menos { $min_games ->
    [one] { $min_games } partida puntuada
   *[other] { $min_games } partidas puntuadas
} en él.
cmd-season-name = temporada
cmd-season-desc = Elige el periodo: este mes, el mes pasado o desde siempre (por defecto)
cmd-season-this-month = este mes
cmd-season-last-month = el mes pasado
cmd-season-all-time = desde siempre
season-title = **Temporada de Akon · { $title } · { $month }** · { $listed ->
    [one] { $listed } jugador
   *[other] { $listed } jugadores
} con al menos { $min_games ->
    [one] { $min_games } partida puntuada
   *[other] { $min_games } partidas puntuadas
} en el mes, por puntuación ganada
season-column-change = ganado
season-empty = Nadie ha jugado aún { $min_games ->
    [one] { $min_games } partida puntuada
   *[other] { $min_games } partidas puntuadas
} { $scope } en { $month }.
season-standing-listed = { $player } ocupa el puesto { $rank } de { $listed } en { $month } · { $change } en { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}.
season-standing-too-few = { $player } tiene { $games ->
    [one] { $games } partida puntuada
   *[other] { $games } partidas puntuadas
} { $scope } en { $month }: { $needed ->
    [one] hace falta { $needed }
   *[other] hacen falta { $needed }
} para aparecer en la clasificación.
season-standing-unplayed = { $player } no tiene partidas puntuadas { $scope } en { $month }.
record-line = { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}: { $wins ->
    [one] { $wins } ganada
   *[other] { $wins } ganadas
}, { $losses ->
    [one] { $losses } perdida
   *[other] { $losses } perdidas
}, { $draws ->
    [one] { $draws } empate
   *[other] { $draws } empates
} · semillas capturadas { $captured } (cedidas { $conceded })
rating-summary = **{ $rating }** ({ $games ->
    [one] { $games } partida puntuada
   *[other] { $games } partidas puntuadas
}; desviación { $deviation })
rating-summary-ranked = **{ $rating }** ({ $games ->
    [one] { $games } partida puntuada
   *[other] { $games } partidas puntuadas
}, n.º { $rank }; desviación { $deviation })
rating-recent = { $change } en { $count ->
    [one] la última partida
   *[other] las últimas { $count } partidas ({ $changes }, la más reciente primero)
}
stats-title = **Estadísticas de Akon de { $player }**
stats-unrated = Puntuación: aún no hay partidas puntuadas.
stats-rating-server = Puntuación en este servidor: { $summary }
stats-rating-global = Puntuación en todos los servidores: { $summary }
stats-record-server = En este servidor: { $record }
stats-record-global = En todos los servidores: { $record }
stats-margin = { $sign }{ $margin } { $margin ->
    [one] semilla
   *[other] semillas
} por partida
stats-no-games = aún no hay partidas
stats-streaks = Racha de victorias: { $current } en curso, récord { $best } · margen medio de capturas: { $margin }
stats-computer = Contra la máquina ({ $level }): { $record }
stats-head-to-head = Cara a cara, { $asker } contra { $player }: { $wins ->
    [one] { $wins } ganada
   *[other] { $wins } ganadas
}, { $losses ->
    [one] { $losses } perdida
   *[other] { $losses } perdidas
}, { $draws ->
    [one] { $draws } empate
   *[other] { $draws } empates
} en { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}.
stats-ongoing = Partidas en curso: { $count }
stats-tournaments = Torneos: { $events ->
    [one] { $events } jugado
   *[other] { $events } jugados
} · { $wins ->
    [one] { $wins } ganado
   *[other] { $wins } ganados
} · { $podiums ->
    [one] { $podiums } podio
   *[other] { $podiums } podios
} (tres primeros) · mejor puesto { $rank } de { $players }
history-end-opponent-resigned = el rival se rindió
history-end-resigned = se rindió
history-end-opponent-timeout = el rival se quedó sin tiempo
history-end-timeout = sin tiempo
history-end-loop = regla del bucle
history-end-no-seeds = sin semillas
history-won = ganó
history-lost = perdió
history-drew = empató
history-rating = puntuación { $before } → { $after } ({ $change })
history-unrated = sin puntuar
history-line = • `#{ $game }` <t:{ $finished }:d> · { $result } contra { $opponent }, { $captured }–{ $conceded } · { $rating }
history-line-how = • `#{ $game }` <t:{ $finished }:d> · { $result } contra { $opponent }, { $captured }–{ $conceded } ({ $how }) · { $rating }
history-none = { $player } aún no ha terminado ninguna partida.
history-title = **Partidas de Akon de { $player }** · página { $page } de { $pages } · { $total ->
    [one] { $total } partida terminada
   *[other] { $total } partidas terminadas
}, las más recientes primero (`/akon partida <número>` muestra una)
history-tournament-game = 🏆 { $tournament }, ronda { $round }
history-tournaments-title = **Torneos** · { $total ->
    [one] { $total } terminado
   *[other] { $total } terminados
}, del más reciente al más antiguo
history-tournament-line = • 🏆 { $name } <t:{ $finished }:d> · puesto { $rank } de { $players } · { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}
rating-line-rated = Puntuada en este servidor: { $changes }.
rating-line-rated-global = Puntuada: { $changes }.
rating-line-pair-limit = Sin puntuar: estos dos jugadores ya jugaron { $per_day ->
    [one] { $per_day } partida puntuada
   *[other] { $per_day } partidas puntuadas
} entre sí en las últimas 24 horas. La partida cuenta igualmente en sus balances.
rating-line-unrated-tournament = Sin puntuar: una partida de un torneo sin puntuar.
rating-line-forfeit = Sin puntuar: un jugador nunca llegó a jugar, así que el torneo cuenta la partida como incomparecencia.
game-title = **Partida de Akon n.º { $game }** · { $a } (A, arriba) contra { $b } (B, abajo) · empezó el <t:{ $started }:f>
game-ended = Terminó tras { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
}.
game-ended-at = Terminó el <t:{ $finished }:f> tras { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
}.
game-in-progress = En curso: jugada { $move }.
game-record-intro = Notación (quién empezó, luego los hoyos jugados; `akon replay --record` la lee):
game-record-cut = (demasiado larga para un mensaje: cortada)

## El comando /akon: nombres (Discord: minúsculas, sin espacios, 32
## caracteres como máximo) y descripciones.

cmd-akon-desc = Juega al Akon, el juego de siembra de dos filas
cmd-launch-desc = Juega al Akon en vivo en este canal
cmd-challenge-name = desafiar
cmd-challenge-desc = Desafía a alguien a una partida de Akon
cmd-opponent-name = rival
cmd-opponent-desc = Contra quién quieres jugar (elígeme para jugar contra la máquina)
cmd-level-name = nivel
cmd-level-desc = La fuerza de la máquina, cuando juegas contra mí (por defecto: medio)
cmd-time-per-move-name = tiempo-por-jugada
cmd-challenge-time-desc = El tiempo de cada jugador por jugada (por defecto: 3 días, o tus /akon ajustes)
cmd-settings-time-desc = El tiempo por jugada de los desafíos que envías
cmd-games-name = mis-partidas
cmd-games-desc = Tus partidas en curso
cmd-board-name = tablero
cmd-board-desc = Vuelve a publicar el tablero actual de una partida
cmd-game-option-name = partida
cmd-game-option-desc = El número de la partida (por defecto: tu partida en este canal)
cmd-resign-name = rendirse
cmd-resign-desc = Ríndete en una partida: tu rival gana
cmd-abort-name = anular
cmd-abort-desc = Anula una partida antes de que jueguen los dos: sin resultado ni puntuación
cmd-leaderboard-name = clasificación
cmd-leaderboard-desc = Los mejores jugadores por puntuación, en este servidor o en todos
cmd-scope-name = ámbito
cmd-scope-desc = Qué clasificación (por defecto: servidor)
cmd-scope-server = servidor
cmd-scope-global = global
cmd-stats-name = estadísticas
cmd-stats-desc = La puntuación y el balance de un jugador
cmd-player-name = jugador
cmd-stats-player-desc = El jugador cuyo balance quieres ver (por defecto: tú)
cmd-history-name = historial
cmd-history-desc = Las últimas partidas terminadas de un jugador
cmd-history-player-desc = El jugador cuyas partidas quieres ver (por defecto: tú)
cmd-game-name = partida
cmd-game-desc = Una partida completa: resultado, tablero final y notación
cmd-id-name = número
cmd-id-desc = El número de la partida, como en /akon historial
cmd-settings-name = ajustes
cmd-settings-desc = Tus recordatorios, tu tiempo por jugada y tu idioma
cmd-dm-reminders-name = recordatorios-por-md
cmd-dm-reminders-desc = Recibe los recordatorios por mensaje directo en vez de con una mención en el canal
cmd-language-name = idioma
cmd-language-desc = El idioma en que el bot te responde (por defecto: el de tu Discord)
cmd-server-language-name = idioma-del-servidor
cmd-server-language-desc = El idioma del servidor para tableros y desafíos (permiso Gestionar servidor)
cmd-language-discord = el de Discord
cmd-board-style-name = estilo-tablero
cmd-board-style-desc = Cómo se muestran los tableros que solo ves tú: texto, imagen o ambos
cmd-server-board-style-name = estilo-tablero-servidor
cmd-server-board-style-desc = Los tableros del servidor: texto, imagen o ambos (permiso Gestionar servidor)
cmd-rules-name = reglas
cmd-rules-desc = Las reglas del Akon, completas
cmd-review-name = análisis
cmd-review-desc = Pide al motor el análisis de una partida terminada: precisión, jugadas costosas, momento decisivo
cmd-review-game-desc = El número de la partida, como en /akon historial

## /akon reglas: todas las reglas y decisiones de docs/RULES.md. Cada sección
## tiene como máximo 2000 caracteres (un mensaje de Discord).

rules-board =
    ### Las reglas del Akon
    Donde la descripción tradicional deja una elección abierta, la elección hecha aquí se marca *(decisión)*.

    ### Tablero y semillas
    • 2 filas de 7 hoyos; 5 semillas en cada hoyo al empezar: 70 semillas, 35 por lado.
    • El lado A tiene la fila de arriba y el lado B la fila de abajo (visto desde el lado de B).
    • Cada jugador numera los hoyos de su fila del 1 al 7; el hoyo 1 es el primero a su derecha. `A3` es el hoyo 3 de A, `B1` el hoyo 1 de B.
    • Se sortea quién empieza.

    ### Sentido de la siembra
    Se siembra de derecha a izquierda en la fila propia y de izquierda a derecha en la del rival: A1 → A2 → … → A7 → B1 → B2 → … → B7 → A1 → …
    ```
     A1 A2 A3 A4 A5 A6 A7
     B7 B6 B5 B4 B3 B2 B1
    ```
rules-move =
    ### Una jugada
    El jugador al que le toca elige un hoyo no vacío de su fila, toma todas sus semillas y las siembra una a una, empezando por el hoyo siguiente del ciclo.
    1. **13 semillas o menos**: van a los hoyos siguientes, una en cada uno.
    2. **14 semillas**: dan la vuelta completa al tablero; la 14.ª y última semilla vuelve a caer en el hoyo de salida. Está en la fila del jugador, así que no se captura nada.
    3. **15 semillas o más**: las 14 primeras dan la vuelta como en 2. Después el jugador se salta el resto de su propia fila y siembra las semillas restantes solo en la fila del rival: hoyos 1, 2, …, 7 del rival, y de nuevo desde el hoyo 1 del rival, hasta vaciar la mano. En esta fase ninguna semilla entra en la fila del jugador.
    El hoyo donde cae la última semilla decide lo que sigue.
rules-captures =
    ### Capturas
    • Última semilla en la fila propia: no hay captura.
    • Última semilla en el hoyo 1 del rival: un hoyo 1 nunca se captura. En su lugar, el jugador se queda con la última semilla sembrada: exactamente una semilla sale de ese hoyo y se suma a sus capturas; el resto se queda. *(decisión)* Esto vale tenga lo que tenga el hoyo, para toda siembra que acabe allí, normal o larga.
    • Última semilla en un hoyo del 2 al 7 del rival, que entonces tiene 2, 3 o 4 semillas (contando la recién sembrada): el jugador las captura. Luego se mira el hoyo anterior (hacia el hoyo 1 del rival): si tiene 2, 3 o 4 semillas, también se capturan, y así sucesivamente. La cadena se detiene en el primer hoyo con 0, 1 o más de 4 semillas, y siempre antes del hoyo 1 del rival.
    • En cualquier otro caso (el último hoyo tiene 1 semilla, o 5 o más): no hay captura.
    Las semillas capturadas salen del tablero para siempre.

    Ejemplo: A siembra desde A2, que tiene 18 semillas; B2, B3 y B4 tienen 1 semilla cada uno. Las 13 primeras semillas van a A3…A7, B1…B7 y A1; la 14.ª cae en A2. A se salta A3…A7 y siembra las 4 restantes en B1, B2, B3, B4. B4 tiene ahora 3: capturadas. B3 y B2 tienen 3 cada uno: capturadas. B1 es un hoyo 1: nunca se captura. A captura 9 semillas.
rules-end =
    ### Alimentar: no dejar sin semillas al rival
    Una jugada está permitida si su hoyo no está vacío y si, hechas la jugada y sus capturas, la fila del rival tiene al menos una semilla. Solo cuando ningún hoyo da una jugada así puede el jugador sembrar desde cualquier hoyo no vacío. Una siembra que llega a la fila del rival pasa siempre por el hoyo 1 del rival, que nunca se captura, así que una captura nunca vacía la fila del rival. Si la única semilla sembrada cae en el hoyo 1 del rival, el jugador se la queda, así que no alimenta una fila vacía.

    ### Final de la partida
    Se comprueba después de cada jugada, en este orden, para el jugador al que le toca:
    1. **Sin semillas**: el jugador al que le toca no tiene semillas en su fila y no puede jugar. La partida termina y el otro jugador captura todas las semillas que quedan en el tablero.
    2. **Bucle**: la posición (las semillas de los 14 hoyos y el jugador al que le toca) es la misma que una anterior de la partida. *(decisión)* La primera repetición termina la partida. Las semillas que quedan en el tablero no son de nadie.
    Gana quien ha capturado más semillas; con las mismas capturas es empate. Las capturas más las semillas que no son de nadie suman siempre 70.

    ### Notación
    Una jugada se escribe con el número del hoyo jugado, del 1 al 7. Una partida se escribe con el lado de quien empezó y luego sus jugadas: `A: 3 5 1 7 2` (A jugó 3, B jugó 5, A jugó 1, …).
    Pulsa un botón numerado para sembrar desde ese hoyo de tu fila.

## akon play (la partida en la terminal)

play-intro = Akon: siembra desde tu fila (hoyos 1 a 7, el hoyo 1 a tu derecha); escribe q para salir.
play-first = Empieza: { $player }.
play-player = Jugador { $seat }
play-you = Tú ({ $seat })
play-computer = Máquina ({ $seat }, { $level })
play-how-no-seeds = un jugador no podía jugar, el otro se llevó las semillas que quedaban
play-how-loop = se repitió una posición, las semillas que quedan no son de nadie
play-wins = { $who ->
    [you] ganas tú ({ $seat })
   *[other] gana { $player }
}
play-draw = empate
play-game-over = Fin de la partida ({ $how }): { $result }, { $a } a { $b }.
play-record = Notación: { $record }
play-abandoned = Partida abandonada. Notación hasta ahora: { $record }
play-computer-plays = { $player } juega { $hole }.
play-thinking = { $player } está pensando…
play-ask = { $player }, tu jugada ({ $holes }):
play-not-a-hole = `{ $input }` no es un número de hoyo: los hoyos van del 1 al 7.
play-no-such-hole = el hoyo { $hole } no existe: los hoyos van del 1 al 7.
play-cannot = No puedes jugar { $hole }: { $reason }.

## akon review (el análisis en la terminal): qué falla en la partida dada

review-cli-nodes = --nodes debe ser al menos 1
review-cli-no-start = indica dónde empieza la partida: `--first A` o `--first B` (la posición inicial), `--start '<posición en JSON>'`, o `--record 'A: 3 5 1'`
review-cli-no-moves = no hay jugadas que analizar: indica la partida, por ejemplo `--record "A: 3 5 1"`
review-cli-record-no-seat = una notación empieza con el lado de quien empieza seguido de dos puntos, como `A: 3 5 1`
review-cli-record-bad-seat = `{ $seat }` no es un lado: una notación empieza con `A:` o `B:`
review-cli-bad-move = jugada { $number }: { $reason }
review-cli-illegal-move = la jugada { $number } (hoyo { $hole }) no está permitida: { $reason }

## Análisis tras la partida y pistas

review-definitions = Precisión: la proporción de jugadas de un jugador (aquellas en que tenía elección) que perdieron como mucho { $accurate ->
    [one] { $accurate } semilla
   *[other] { $accurate } semillas
} frente a la mejor jugada del motor; pérdida media: las semillas perdidas de media en esas jugadas. Semillas perdidas frente a la mejor jugada: imprecisión { $inaccuracy }–{ $inaccuracy_max }, error { $mistake }–{ $mistake_max }, error grave { $blunder } o más.
rules-review = • Análisis: el botón Análisis de una partida terminada (o el comando `/akon análisis`) hace que el motor juzgue cada jugada. { $definitions }
review-class-forced = forzada
review-class-good = buena
review-class-inaccuracy = imprecisión
review-class-mistake = error
review-class-blunder = error grave
review-seeds = { $count ->
    [one] { $count } semilla
   *[other] { $count } semillas
}
review-expected-draw = un empate
review-expected-win = una victoria por { $seeds }
review-expected-loss = una derrota por { $seeds }
review-costly-line = { $number }. { CAPITALIZED($player) } jugó { $played }, mejor { $best }: −{ $loss } ({ $class })
review-header = { $title }: cada posición explorada hasta { $nodes ->
    [one] { $nodes } posición
   *[other] { $nodes } posiciones
}.
review-seat-line = { CAPITALIZED($who) }: precisión { $accuracy } % ({ $accurate } de { $moves }), pérdida media { $mean } { $mean ->
    [one] semilla
   *[other] semillas
}; { $inaccuracies }, { $mistakes }, { $blunders }.
review-inaccuracies = { $count ->
    [one] { $count } imprecisión
   *[other] { $count } imprecisiones
}
review-mistakes = { $count ->
    [one] { $count } error
   *[other] { $count } errores
}
review-blunders = { $count ->
    [one] { $count } error grave
   *[other] { $count } errores graves
}
review-no-costly = Ninguna jugada perdió { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
} o más frente a la mejor del motor.
review-costliest-heading = Jugadas más costosas (número de jugada, lo jugado, la mejor del motor, semillas perdidas):
review-turning-point = Momento decisivo: jugada { $number }, { $player } jugó { $played } cuando el hoyo { $best } habría mantenido { $kept }; después, { $after }.
review-no-turning-point = Momento decisivo: ninguno; ninguna jugada echó a perder el resultado esperado de su jugador.
review-end-final = el resultado final
review-end-engine = la opinión del motor al final
review-graph-heading = Evaluación (ventaja esperada de A en semillas antes de cada jugada, luego { $end }; A por encima de la línea, B por debajo):
review-graph-summary-led = { CAPITALIZED($player) } fue por delante durante { $ahead } { $ahead ->
    [one] jugada
   *[other] jugadas
} de { $moves }, con hasta { $most } de ventaja (jugada { $number }).
review-graph-summary-even = Ningún jugador fue nunca por delante: para el motor, la partida estuvo igualada de principio a fin.
review-graph-summary-result = Resultado: { $result }
review-graph-summary-end = { CAPITALIZED($end) }: { $expected } para A.
review-graph-summary-end-draw = { CAPITALIZED($end) }: { $expected }.
picture-graph-moves = jugada
picture-graph-lead = ventaja esperada de A (semillas)
picture-graph-ahead = { $seat } por delante
picture-graph-turning = momento decisivo: jugada { $number }
picture-graph-end = { CAPITALIZED($end) }: { $lead }
picture-bracket-title = Cuadro de { $name }.
picture-bracket-winner = Campeón
picture-bracket-third-column = Tercer puesto
picture-bracket-won = Campeón: { $player }.
picture-bracket-third = Tercer puesto: { $players }.
picture-bracket-through = { $player } pasa de ronda
picture-bracket-playing = en juego
picture-bracket-wins = gana { $player }
picture-bracket-match = { $label }: { $players }: { $how }.
picture-bracket-earlier = Las rondas 1 a { $round } no están dibujadas: consulta la lista de partidas.
button-review = Análisis
review-title = Análisis de la partida n.º { $game } ({ $record })
review-title-record = Análisis de { $record }
review-refused-in-progress = La partida n.º { $game } aún se está jugando: el análisis es solo para partidas terminadas (juego limpio).
button-hint = Pista
hint-captures = que captura { $seeds }
hint-protects = { $count ->
    [one] que protege tu hoyo { $holes } de una captura
   *[other] que protege tus hoyos { $holes } de una captura
} (a salvo: { $seeds })
hint-best-line = primera jugada de la mejor línea del motor, que prevé { $expected }
hint-message = 💡 Pista: siembra el hoyo { $hole }, { $why }. (Las pistas quedan registradas: el tablero final y /akon estadísticas lo indican.)
hints-used-line = { $count ->
    [one] 💡 Se usó 1 pista en esta partida.
   *[other] 💡 Se usaron { $count } pistas en esta partida.
}
hints-stats-line = { $count ->
    [one] Pistas usadas en 1 partida contra la máquina.
   *[other] Pistas usadas en { $count } partidas contra la máquina.
}

## Problemas (/akon problema).
cmd-puzzle-name = problema
cmd-puzzle-desc = Una posición donde una jugada es claramente la mejor: encuéntrala (puntuación y racha de problemas)
puzzle-header = 🧩 Problema n.º { $puzzle } · dificultad { $rating }
puzzle-task = Juegas con { $seat } (la fila de abajo) y te toca. Una jugada es claramente la mejor: termina la partida con al menos { $margin } más que cualquier otra. ¿Qué hoyo?
puzzle-row-you = tú ({ $seat })
puzzle-row-opponent = rival ({ $seat })
puzzle-right = ✅ Correcto: el hoyo { $hole } es la mejor jugada, con { $margin } más que la siguiente.
puzzle-wrong = ❌ No es el hoyo { $played }: tras esa jugada, el motor prevé { $played_expected }. La mejor jugada era el hoyo { $best }: { $best_expected }.
puzzle-line = La línea del motor: { $line }
puzzle-rating-change = Tu puntuación de problemas: { $before } → { $after } · racha { $streak } (mejor { $best })
button-puzzle-next = Siguiente problema
puzzle-stats-line = Problemas: puntuación { $rating } · { $solved ->
    [one] { $solved } resuelto
   *[other] { $solved } resueltos
} de { $attempts } · racha { $streak } (mejor { $best })
rules-puzzles = • Problemas: `/akon problema` muestra una posición de una partida terminada (o de una partida del motor contra sí mismo) donde una jugada es claramente la mejor: buscada en { $nodes ->
    [one] { $nodes } posición
   *[other] { $nodes } posiciones
}, supera a cualquier otra por al menos { $margin }. Pulsa el hoyo que jugarías; la respuesta se juzga al momento, con la línea del motor. Cada respuesta mueve tu puntuación de problemas (Glicko-2, distinta de tu puntuación de partidas) y la del problema; los problemas se eligen cerca de tu puntuación.
refusal-no-puzzle = No hay ningún problema disponible ahora; inténtalo de nuevo en un momento.
refusal-puzzle-not-found = Ese problema no existe.
refusal-not-your-puzzle = Ese problema es de otra persona: pide el tuyo con /akon problema.
refusal-puzzle-answered = Ya respondiste a ese problema: cada problema cuenta una sola vez. /akon problema da el siguiente.

## Torneos (/akon torneo).
cmd-tournament-name = torneo
cmd-tournament-desc = Los torneos del servidor: todos contra todos, sistema suizo o eliminación directa
cmd-tournament-create-name = crear
cmd-tournament-create-desc = Anuncia un torneo en este canal (Gestionar servidor, o el rol de torneos del servidor)
cmd-tournament-start-name = empezar
cmd-tournament-start-desc = Inicia el torneo ahora: se empareja la ronda 1 y empiezan sus partidas
cmd-tournament-cancel-name = cancelar
cmd-tournament-cancel-desc = Cancela el torneo; sus partidas en curso se detienen en el acto, sin resultado
cmd-tournament-withdraw-name = retirarse
cmd-tournament-withdraw-desc = Deja el torneo: tu partida en curso se pierde, las siguientes por incomparecencia
cmd-tournament-standings-name = clasificación
cmd-tournament-standings-desc = La clasificación del torneo, solo para ti
cmd-tournament-add-computer-name = añadir-máquina
cmd-tournament-add-computer-desc = Añade la máquina como jugador, con el nivel elegido (una sola por torneo)
cmd-tournament-level-desc = La fuerza de juego de la máquina
cmd-tournament-option-name = torneo
cmd-tournament-option-desc = El número del torneo (por defecto: el de este canal)
cmd-name-name = nombre
cmd-name-desc = El nombre del torneo
cmd-format-name = formato
cmd-format-desc = Todos contra todos, a doble vuelta, sistema suizo o eliminación directa
cmd-rounds-name = rondas
cmd-rounds-desc = Solo sistema suizo: cuántas rondas (por defecto: las necesarias para que haya un ganador claro)
cmd-tournament-time-desc = El tiempo de cada jugador por jugada en las partidas del torneo (por defecto: 3 días)
cmd-max-players-name = jugadores-máx
cmd-max-players-desc = El número máximo de jugadores (todos contra todos de 2 a 64, suizo 512, eliminación 256)
cmd-rated-name = puntuable
cmd-rated-desc = ¿Las partidas cuentan para la puntuación? (por defecto: sí)
cmd-starts-at-name = inicio
cmd-starts-at-desc = Empieza automáticamente a una hora: 2026-12-24 18:00 (UTC) o en 2 h (min, h, d)
cmd-tournament-role-name = rol-torneos
cmd-tournament-role-desc = Rol cuyos miembros también pueden organizar torneos aquí (permiso Gestionar servidor)
tournament-format-round-robin = todos contra todos
tournament-format-double-round-robin = todos contra todos a doble vuelta
tournament-format-swiss = sistema suizo
tournament-format-knockout = eliminación directa
tournament-format-knockout-third-place = eliminación directa con partida por el tercer puesto
tournament-title = 🏆 **{ $name }** · torneo n.º { $id }
tournament-rated = puntuable
tournament-unrated = no puntuable
tournament-terms = { $format } · { $time } por jugada · { $rated }
tournament-terms-rounds = { $format } · { $rounds ->
    [one] { $rounds } ronda
   *[other] { $rounds } rondas
} · { $time } por jugada · { $rated }
tournament-organiser = Organizado por { $organiser }.
tournament-starts-at = Empieza automáticamente el <t:{ $at }:f> (<t:{ $at }:R>), o cuando el organizador use `/akon torneo empezar`.
tournament-starts-by-hand = Empezará cuando el organizador use `/akon torneo empezar`.
tournament-players = **Jugadores: { $count } de { $max }**
tournament-no-players = Todavía no hay nadie: pulsa **Participar**.
tournament-more-players = { $count ->
    [one] y 1 más
   *[other] y { $count } más
}
button-tournament-join = Participar
button-tournament-leave = Salir
tournament-round = **Ronda { $round } de { $rounds }** · la clasificación por ahora:
tournament-finished = **Clasificación final:**
tournament-cancelled = **Este torneo fue cancelado.**
tournament-podium = 🏆 { $podium }
tournament-bracket = **Cuadro:**
tournament-bracket-round = Ronda { $round }
tournament-bracket-final = Final
tournament-bracket-third-place = Tercer puesto
tournament-bracket-bye = exento
tournament-bracket-walkover = pase directo
tournament-bracket-double-forfeit = doble incomparecencia
tournament-bracket-game = partida { $game }
tournament-column-player = jugador
tournament-column-points = pts
tournament-column-buchholz-cut1 = BH-1
tournament-column-buchholz = BH
tournament-column-sonneborn-berger = SB
tournament-column-direct-encounter = ED
tournament-column-seeds = semillas
tournament-column-games = partidas
tournament-standings-not-started = El torneo aún no ha empezado: la clasificación llegará con la ronda 1.
tournament-game-intro = 🏆 **{ $name }** · ronda { $round }: { $first } contra { $second }.
tournament-created = El torneo n.º { $id }, **{ $name }**, está anunciado en este canal: los jugadores se apuntan con su botón **Participar**.
tournament-started = **{ $name }** ha empezado: las partidas de la ronda 1 se han publicado en este canal.
tournament-cancelled-done = **{ $name }** ha sido cancelado.
tournament-withdrawn = Has dejado **{ $name }**.
tournament-joined = Estás en **{ $name }**. Tus partidas se publicarán en este canal, con una mención.
tournament-left = Has dejado **{ $name }**.
tournament-computer-added = La máquina ({ $level }) juega en **{ $name }**.
refusal-tournament-needs-rights = Organizar torneos aquí requiere el permiso Gestionar servidor.
refusal-tournament-needs-rights-role = Organizar torneos aquí requiere el permiso Gestionar servidor o el rol { $role }.
refusal-tournament-none-here = No hay ningún torneo abierto ni en curso en este canal; indica su número.
refusal-tournament-which = Este canal tiene varios torneos; indica el número de uno ({ $count ->
    [one] torneo
   *[other] torneos
} { $tournaments }).
refusal-tournament-starts-at-format = Indica la hora de inicio como `2026-12-24 18:00` (UTC) o como `en 2 h` (`m` o `min` minutos, `h` horas, `d` días, hasta un año).
refusal-tournament-role-needs-manage-server = Solo quien tenga permiso para gestionar este servidor puede elegir su rol de torneos.
## Las páginas web (AKON_WEB_ADDR) y los enlaces a ellas

button-replay = Ver repetición
button-live-page = Página en directo
button-web-leaderboard = Página web
button-web-tournament = Página web
cmd-web-games-name = partidas-web
cmd-web-games-desc = Muestra las partidas y torneos de este servidor en las páginas web (permiso Gestionar servidor)
cmd-web-leaderboard-name = clasificación-web
cmd-web-leaderboard-desc = Muestra la clasificación de este servidor en una página web (permiso Gestionar servidor)
cmd-choice-on = sí
cmd-choice-off = no
settings-web-games-on = • partidas de este servidor en la web: visibles para quien tenga el enlace de una partida
settings-web-games-off = • partidas de este servidor en la web: ocultas
settings-web-leaderboard-on = • clasificación de este servidor en la web: visible para quien tenga su enlace
settings-web-leaderboard-off = • clasificación de este servidor en la web: oculta
cmd-leaderboard-inactive-days-name = días-inactivos-clasificación
cmd-leaderboard-inactive-days-desc = Quita de la clasificación a quien lleve tantos días sin jugar partidas puntuadas; 0: a nadie
settings-leaderboard-inactive-days = • clasificación de este servidor: no aparecen los jugadores sin partidas puntuadas { $days ->
    [one] en el último día
   *[other] en los últimos { $days } días
}
settings-leaderboard-inactive-off = • clasificación de este servidor: aparecen todos los jugadores puntuados, aunque lleven tiempo sin jugar
leaderboard-inactive-hidden = No aparecen los jugadores sin partidas puntuadas { $days ->
    [one] en el último día
   *[other] en los últimos { $days } días
}.
standing-inactive = { $player } no ha jugado partidas puntuadas aquí { $days ->
    [one] en el último día
   *[other] en los últimos { $days } días
}: vuelve a la clasificación tras la próxima.
web-languages = Idiomas
web-footer = El bot Akon: partidas jugadas en Discord. Páginas de solo lectura; los administradores de un servidor eligen lo que muestran.
web-front-title = El Akon, el juego de siembra de dos filas
web-front-intro = El Akon es el juego de siembra de Gabón, Camerún y Guinea Ecuatorial, jugado aquí en Discord con el bot Akon. Sus reglas, completas:
web-not-found-title = Página no encontrada
web-not-found = Aquí no hay ninguna página, o ya no se muestra.
web-unavailable-title = No disponible temporalmente
web-unavailable = La página no se puede mostrar ahora. Vuelve a intentarlo en un momento.
web-game-title = { $a } contra { $b }
web-row-top = (arriba)
web-row-bottom = (abajo)
web-in-progress = En curso, { $moves ->
    [one] { $moves } jugada hecha
   *[other] { $moves } jugadas hechas
}.
web-time-per-move = Tiempo por jugada: { $time }
web-time-control = Ritmo: { $control }
web-started = Empezada el { $date }
web-finished = terminada el { $date }
web-steps = Jugadas
web-step-first = Inicio
web-step-prev = Jugada anterior
web-step-next = Jugada siguiente
web-step-last = Última jugada
web-step-at = Tras la jugada { $ply } de { $last }
web-start = El inicio: { $player } ({ $seat }) juega primero.
web-start-short = inicio
web-keys = Las flechas ← → del teclado pasan de una jugada a otra.
web-moves = Jugadas
web-record = Partida en notación
web-review = Análisis
web-leaderboard-title = Clasificación del servidor
web-leaderboard-about = Los jugadores de este servidor por puntuación Glicko-2, a partir de { $min_games ->
    [one] { $min_games } partida puntuada
   *[other] { $min_games } partidas puntuadas
}; un «?» marca una puntuación provisional.
web-leaderboard-empty = Todavía no hay nadie en la clasificación.
web-pages = Páginas
web-page-prev = Página anterior
web-page-next = Página siguiente
web-page-at = Página { $page } de { $pages }
web-format-round-robin = Todos contra todos
web-format-double-round-robin = Todos contra todos a doble vuelta
web-format-swiss = Sistema suizo
web-format-knockout = Eliminación directa
web-format-knockout-third-place = Eliminación directa con partida por el tercer puesto
web-tournament-created = inscripción abierta
web-tournament-running = ronda { $round } en curso
web-tournament-finished = terminado
web-tournament-cancelled = cancelado
web-tournament-players = { $count ->
    [one] { $count } jugador
   *[other] { $count } jugadores
}
web-standings = Clasificación
web-bracket = Cuadro
web-standings-none = La clasificación empieza con la ronda 1.
web-entrants = Inscritos
web-column-points = puntos
web-column-points-abbr = pts
web-column-games-abbr = PJ
web-column-games = partidas jugadas
web-column-buchholz-cut1 = BC1
web-column-buchholz = BH
web-column-sonneborn-berger = SB
web-column-direct = ED
web-column-seeds = ±
web-tiebreak-buchholz-cut1 = Buchholz menos uno: los puntos de los rivales, sin el más bajo
web-tiebreak-buchholz = Buchholz: los puntos de los rivales
web-tiebreak-sonneborn-berger = Sonneborn-Berger: los puntos de los rivales vencidos, y la mitad de los de los empates
web-tiebreak-direct = Encuentro directo: los puntos contra los jugadores empatados
web-tiebreak-seeds = Semillas capturadas menos semillas cedidas
web-withdrawn = (retirado)
web-round = Ronda { $round }
web-bye = exento
web-walkover = pase directo

## El problema del día (/akon settings daily_puzzle_channel).
cmd-daily-puzzle-channel-name = canal-problema-del-día
cmd-daily-puzzle-channel-desc = El canal donde se publica el problema del día; elegirlo lo activa (permiso Gestionar servidor)
cmd-daily-puzzle-hour-name = hora-problema-del-día
cmd-daily-puzzle-hour-desc = La hora UTC (0 a 23) en que se publica el problema del día; las 12 por defecto (Gestionar servidor)
cmd-daily-puzzle-name = problema-del-día
cmd-daily-puzzle-desc = Activa o desactiva el problema del día de este servidor (permiso Gestionar servidor)
settings-daily-puzzle-on = • problema del día de este servidor: se publica en { $channel } cada día a las { $hour }:00 UTC
settings-daily-puzzle-off = • problema del día de este servidor: desactivado (su canal era { $channel })
refusal-daily-channel-unseen = No veo { $channel }, así que no podría publicar allí el problema del día: elige un canal donde pueda leer y escribir.
refusal-daily-puzzle-no-channel = Este servidor aún no tiene problema del día: elige primero su canal, con canal-problema-del-día.
refusal-daily-puzzle-other-day = Este es el problema del { $date }: el problema de un día solo se responde ese día. El de hoy está publicado en el canal.
refusal-daily-puzzle-answered = Ya respondiste al problema de hoy ({ $solved ->
    [yes] acertaste, con el hoyo { $hole }
   *[no] el hoyo { $hole }, que no era la mejor jugada
}): solo cuenta la primera respuesta. Vuelve mañana.
refusal-no-daily-puzzle = Aún no hay problema del día: todavía no se ha encontrado ningún problema.
daily-title = **🧩 Akon · problema del día · { $date }**
daily-invite = Pulsa Resolver para intentarlo en privado. Cuenta una respuesta al día; resuélvelo varios días seguidos para alargar tu racha.
daily-tally-none = Nadie ha respondido todavía.
daily-tally = Lo { $solved ->
    [one] resolvió { $solved }
   *[other] resolvieron { $solved }
} de { $answered ->
    [one] { $answered } jugador que respondió
   *[other] { $answered } jugadores que respondieron
}.
daily-month = Mejores de { $month }: { $solvers }
daily-month-solver = { $player } { $days ->
    [one] { $days } día
   *[other] { $days } días
}
button-daily-solve = Resolver
daily-private-header = 🧩 Problema del día · { $date }
daily-streak = Tu racha diaria: { $streak ->
    [one] { $streak } día seguido
   *[other] { $streak } días seguidos
} (mejor { $best }). Vuelve mañana para el próximo problema.

## Vacaciones y recordatorios a tu ritmo
cmd-vacation-name = vacaciones
cmd-vacation-desc = Vete de vacaciones: los relojes de tus partidas por correspondencia se detienen (o vuelven a correr)
cmd-vacation-state-name = estado
cmd-vacation-state-desc = sí: estás fuera; no: has vuelto
cmd-vacations-name = vacaciones
cmd-vacations-desc = Si las partidas se detienen mientras un jugador está de vacaciones (por defecto: no)
cmd-reminders-name = recordatorios
cmd-reminders-desc = Con qué frecuencia se te recuerda una jugada pendiente
reminders-pace-none = nunca
reminders-pace-once = una vez, cuando queda una cuarta parte del tiempo
reminders-pace-hour = también cuando queda una hora
reminders-pace-daily = también una vez al día
settings-reminder-pace = • recordatorios: { $pace }
board-clock-paused = ⏸ Los relojes están detenidos: un jugador está de vacaciones.
games-clock-paused = { $turn } (⏸ los relojes están detenidos: un jugador está de vacaciones)
vacation-on = 🏖 Estás de vacaciones: los relojes de { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
} están detenidos y tus rivales están avisados. Terminan cuando juegas en una de ellas o con `/akon vacaciones no`.
vacation-on-no-games = 🏖 Estás de vacaciones. Ninguna de tus partidas tiene ahora un reloj en marcha; las que empiecen mientras estás fuera también se detienen. Terminan cuando juegas en una de ellas o con `/akon vacaciones no`.
vacation-on-allowance = Días usados este año: { $used }, { $left ->
    [one] queda { $left }
   *[other] quedan { $left }
} (un día empezado cuenta como uno); los relojes vuelven a correr <t:{ $ends_by }:R> como muy tarde.
vacation-off = 👋 Bienvenido de vuelta: los relojes de { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
} vuelven a correr. Vacaciones usadas este año: { $used } de { $allowed ->
    [one] { $allowed } día
   *[other] { $allowed } días
}.
vacation-notice = 🏖 { $player }, { $away } está de vacaciones: los relojes de vuestras partidas, como la partida n.º { $game }, están detenidos, el tuyo también, hasta que vuelva.
vacation-over = ⏰ { $player }, se han agotado tus días de vacaciones del año: los relojes de tus partidas vuelven a correr.
stats-vacation = Vacaciones este año: { $used } de { $allowed ->
    [one] { $allowed } día
   *[other] { $allowed } días
} usados.
stats-vacation-away = De vacaciones ahora: los relojes vuelven a correr <t:{ $ends_by }:R> como muy tarde.
refusal-already-on-vacation = Ya estás de vacaciones. `/akon vacaciones no` las termina.
refusal-not-on-vacation = No estás de vacaciones: no hay nada que desactivar.
refusal-vacation-allowance-used = Se han agotado tus { $days ->
    [one] { $days } día
   *[other] { $days } días
} de vacaciones de este año: tus relojes siguen corriendo.
refusal-vacation-busy = Tus partidas cambiaron mientras terminaban tus vacaciones: inténtalo de nuevo.

# Un hilo por partida.
cmd-game-threads-name = hilo-por-partida
cmd-game-threads-desc = Juega cada partida aceptada en un hilo propio; el desafío queda en el canal (Gestionar servidor)
settings-game-threads-on = • un hilo por partida: activado (cada partida aceptada se juega en un hilo abierto desde su desafío)
settings-game-threads-off = • un hilo por partida: desactivado (las partidas se juegan en el canal)
game-thread-name = { $a } contra { $b }
game-thread-result = { $result }
    La partida: { $thread }
game-threads-refused = No puedo abrir hilos en <#{ $channel }> (necesito los permisos *Crear hilos públicos* y *Enviar mensajes en hilos* allí), así que esta partida se juega en el canal. Dame ambos permisos y las próximas partidas volverán a tener su propio hilo.
## Games where the bot is no member (DMs, group DMs, servers without the bot)
refusal-opponent-cannot-see-this-chat = En esta conversación solo estáis tú y el bot, así que { $name } no puede ver un desafío aquí. Desafíale en un servidor, en un mensaje directo o en un grupo, o juega aquí contra la computadora.
button-refresh = Actualizar
venue-server = en { $channel }
venue-bot-dm = en tu mensaje directo con el bot
venue-private-channel = en un mensaje directo o un grupo
venue-server-without-bot = en { $channel } (un servidor sin el bot)
turn-ping = { $player }, te toca mover en la partida n.º { $game }.
dm-game-over = La partida n.º { $game } ({ $a } contra { $b }) ha terminado: { $result } Pulsa **Actualizar** en su tablero para verla allí.

## Seguir una partida (el botón Seguir, /akon follow)
button-follow = Seguir
button-play-live = Jugar en vivo
play-live-off = El juego en vivo no está disponible en este bot.
activity-title = Akon, en vivo
activity-signing-in = Iniciando sesión con Discord…
activity-finding = Buscando la partida de este canal…
activity-no-game = No hay ninguna partida en curso en este canal. Desafía a alguien con /akon desafiar y vuelve a abrir la actividad.
activity-sign-in-failed = Discord no inició tu sesión. Cierra la actividad y vuelve a abrirla.
activity-unreachable = No se puede contactar con el bot ahora mismo. Inténtalo de nuevo en un momento.
activity-busy = Demasiados inicios de sesión a la vez. Inténtalo de nuevo en un minuto.
button-unfollow = Dejar de seguir
board-followers = 👁 { $count ->
    [one] 1 persona sigue
   *[other] { $count } personas siguen
} esta partida.
follow-end = Sigues la partida n.º { $game }: recibirás un mensaje directo cuando termine. `/akon seguir partida:{ $game } cada-jugada:True` te avisa también de cada jugada.
follow-every-move = Sigues la partida n.º { $game }: recibirás un mensaje directo en cada jugada y cuando termine.
unfollow-done = Ya no sigues la partida n.º { $game }.
follow-news-move = 👁 Partida n.º { $game } ({ $a } contra { $b }): { $moves ->
    [one] se jugó una jugada
   *[other] se jugaron { $moves } jugadas
}; le toca a { $next }.
follow-news-end = 👁 La partida n.º { $game } ({ $a } contra { $b }) ha terminado: { $result }
games-followed-title = Partidas que sigues ({ $count }):
games-followed-line = • partida n.º { $game }: { $a } contra { $b } · jugada { $move }
refusal-follow-own-game = Juegas en esta partida: te enteras de todos modos.
refusal-game-elsewhere = Esa partida se juega en otro lugar: síguela desde donde se juega.
refusal-not-following = No sigues esa partida.
cmd-follow-name = seguir
cmd-follow-desc = Sigue una partida en la que no juegas: un mensaje directo cuando termine
cmd-follow-game-desc = El número de la partida (en su tablero)
cmd-every-move-name = cada-jugada
cmd-every-move-desc = También un mensaje directo en cada jugada
cmd-stop-following-name = dejar
cmd-stop-following-desc = Deja de seguirla

## Deshacer jugadas en partidas amistosas
cmd-challenge-rated-desc = Elige si la partida puntúa (por defecto: sí; False: partida amistosa, jugadas deshechas)
challenge-friendly = Partida amistosa: sin puntuar, y quien acaba de jugar puede pedir deshacer su jugada.
board-friendly = 🤝 Partida amistosa: sin puntuar, se pueden deshacer jugadas.
rating-line-friendly = Sin puntuar: una partida amistosa.
button-takeback = Deshacer jugada
button-takeback-accept = Aceptar deshacer
button-takeback-decline = Rechazar deshacer
takeback-offer = { $opponent }, { $asker } pide deshacer la jugada { $move } de la partida n.º { $game }. ¿Aceptas?
takeback-accepted = Jugada deshecha: { $opponent } deja que { $asker } deshaga la jugada { $move } de la partida n.º { $game }. { $asker } vuelve a jugar.
takeback-declined = Deshacer rechazado: { $opponent } mantiene la jugada { $move } de la partida n.º { $game } tal como la hizo { $asker }. La partida sigue.
refusal-takeback-not-friendly = Solo se pueden deshacer jugadas en partidas amistosas entre personas (desafío con `rated:False`), nunca en partidas puntuadas o de torneo ni contra la máquina.
refusal-takeback-not-your-move = Solo quien acaba de jugar puede pedir deshacer su jugada.
refusal-takeback-too-late = Demasiado tarde: la partida ha avanzado desde esa jugada, ya no se puede deshacer.
refusal-takeback-pending = Ya pediste deshacer esta jugada: espera la respuesta.
refusal-takeback-declined = Tu rival rechazó deshacer esta jugada: se mantiene.
refusal-takeback-not-found = Esta petición de deshacer no existe.
refusal-takeback-answered = Esta petición de deshacer ya tiene respuesta.
refusal-takeback-not-for-you = Solo { $name } puede responder a esta petición de deshacer.

## Ritmos en vivo

cmd-time-control-name = ritmo
cmd-challenge-time-control-desc = Un reloj por jugador, partida de una sentada: minutos cada uno + segundos por jugada
time-control = { $code } ({ $minutes } min + { $seconds } s por jugada)
challenge-pending-live = { $opponent }, ¡{ $challenger } te desafía a una partida de **Akon** en vivo! Ritmo: { $control }; el reloj de quien empieza corre en cuanto aceptes. El desafío caduca <t:{ $expires }:R>. { $challenger } puede retirarlo con Rechazar.
rematch-pending-live = { $opponent }, ¡{ $challenger } te ofrece la revancha de **Akon** en vivo, con los lados cambiados! Ritmo: { $control }; el reloj de quien empieza corre en cuanto aceptes. El desafío caduca <t:{ $expires }:R>. { $challenger } puede retirarlo con Rechazar.
board-live-clock = ⏱️ { $control } · { $a }: { $a_time } · { $b }: { $b_time }
board-flag-falls = ⏰ Tu bandera cae <t:{ $deadline }:R> si no juegas.
refusal-time-per-move-and-time-control = Elige un tiempo por jugada o un ritmo, no los dos: un ritmo da un reloj a cada jugador para una partida de una sentada.
web-sign-in = Inicia sesión con Discord para jugar
web-sign-out = Cerrar sesión
web-signed-in-as = Sesión iniciada como { $name }
web-watching = { $count ->
    [one] { $count } espectador
   *[other] { $count } espectadores
}
web-hole = Casilla { $hole }, { $seeds ->
    [one] { $seeds } semilla
   *[other] { $seeds } semillas
}
web-your-turn = Te toca: elige una casilla de tu fila.
web-waiting-for = Le toca a { $name }.
web-sign-in-failed-title = No se pudo iniciar sesión
web-sign-in-state = No se pudo comprobar este inicio de sesión: tardó demasiado o no empezó en este sitio. Vuelve a iniciar sesión desde la página de la partida.
web-sign-in-refused = Discord no confirmó quién eres. Inténtalo de nuevo en un momento.
web-sign-in-cancelled = El inicio de sesión se canceló en Discord.
web-move-sign-in = Inicia sesión para jugar.
web-move-not-a-player = Solo los dos jugadores de la partida pueden jugarla.
web-move-not-your-turn = No es tu turno.
web-move-stale = La partida ha avanzado: este tablero ya no está al día.
web-move-illegal = Esa jugada no está permitida: elige una casilla con semillas de tu fila.
web-move-finished = La partida ha terminado.
web-move-csrf = No se pudo comprobar esta petición: recarga la página.
web-move-too-fast = Demasiadas jugadas a la vez: espera un momento.
web-move-failed = No se pudo guardar la jugada ahora. Inténtalo de nuevo en un momento.
web-move-bad = Esta petición no es una jugada.
web-live-full = Demasiada gente está mirando en directo ahora: recarga la página más tarde.
web-clock-of = Reloj de { $name }
