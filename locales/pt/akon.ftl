# As palavras do Akon em português do Brasil. As mesmas mensagens e variáveis de en/akon.ftl.
# Vocabulário do jogo: sementes, casas, fileira (fileira de cima, fileira de baixo),
# semear, capturar, jogada (uma jogada = uma casa jogada). Tratamento: você.

## Idiomas, níveis, durações

language-en = inglês
language-fr = francês
language-es = espanhol
language-pt = português
level-easy = fácil
level-medium = médio
level-hard = difícil
level-master = mestre
duration-minutes = { $count ->
    [one] { $count } minuto
   *[other] { $count } minutos
}
duration-hours = { $count ->
    [one] { $count } hora
   *[other] { $count } horas
}
duration-days = { $count ->
    [one] { $count } dia
   *[other] { $count } dias
}
duration-seconds = { $count ->
    [one] { $count } segundo
   *[other] { $count } segundos
}

## O tabuleiro

board-row-label = { $label } · capturou { $captured }
picture-captured = capturou { $captured }
picture-to-move = vez de { $seat }
picture-game-over = Fim de partida
board-computer-label = { $seat } · computador ({ $level })
row-top = fileira de cima
row-bottom = fileira de baixo
move-sown = { $seat } semeou { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
} a partir de { $hole }, a última em { $last }
move-kept = { $sown }: ficou com essa semente (uma casa 1 nunca é capturada).
move-captured = { $sown }: capturou { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
} em { $holes }.
move-no-capture = { $sown }: sem captura.
illegal-game-over = a partida terminou
illegal-not-your-row = é a vez de { $to_move }, não de { $seat }: cada jogador só semeia a partir da própria fileira
illegal-empty-hole = a casa { $hole } está vazia
illegal-does-not-feed = a casa { $hole } não alimenta o adversário, cuja fileira está vazia, e outra jogada alimenta
# Como se chama um jogador cujo nome não tem mais nada para mostrar (vazio, ou feito
# só de caracteres que o bot não consegue guardar nem desenhar).
player-unnamed = jogador

## Botões

button-accept = Aceitar
button-decline = Recusar
button-rematch = Revanche
button-resign = Desistir
button-abort = Anular
button-resign-confirm = Sim, desistir
button-previous = Anterior
button-next = Próximo

## Desafios

challenge-pending = { $opponent }, { $challenger } desafia você para uma partida de **Akon**! Tempo por jogada: { $time }. O desafio expira <t:{ $expires }:R>. { $challenger } pode retirá-lo com Recusar.
rematch-pending = { $opponent }, { $challenger } propõe uma revanche de **Akon**, com os lados trocados! Tempo por jogada: { $time }. O desafio expira <t:{ $expires }:R>. { $challenger } pode retirá-lo com Recusar.
challenge-accepted = { $opponent } aceitou o desafio de { $challenger }. A partida começou!
challenge-declined = { $opponent } recusou o desafio de { $challenger }.
challenge-withdrawn = { $challenger } retirou o desafio que tinha feito a { $opponent }.
challenge-expired = O desafio de { $challenger } para { $opponent } expirou.
first-mover = Quem começa foi sorteado: { $player } ({ $seat }).
computer-game-intro = { $player } joga contra o computador ({ $level }). Quem começa foi sorteado: { $first } ({ $seat }).

## Tabuleiros de jogo

board-header = **Akon** · partida nº { $game } · { $title } · { $a } (A, em cima) contra { $b } (B, embaixo)
board-title-move = jogada { $move }
board-title-finished = terminada após { $moves ->
    [one] { $moves } jogada
   *[other] { $moves } jogadas
}
board-last-move = Última jogada: { $description }
board-thinking = { CAPITALIZED($player) } está pensando…
board-your-turn = { $player }, é a sua vez ({ $seat }, { $row }).
board-deadline = ⏰ Se você não jogar, perde por tempo <t:{ $deadline }:R>.
board-deadline-per-move = ⏰ Se você não jogar, perde por tempo <t:{ $deadline }:R> ({ $time } por jogada).
computer-name = o computador ({ $level })
result-aborted = **Partida anulada** por { $player } antes de os dois jogarem: sem resultado e sem efeito no rating.
result-tournament-cancelled = **Partida interrompida**: o torneio foi cancelado, então a partida termina aqui, sem resultado e sem efeito no rating.
result-how-no-seeds = { $stuck } ficou sem sementes para semear, então { $other } levou as sementes do tabuleiro
result-how-loop = uma posição se repetiu (a regra do ciclo), então as sementes que restam no tabuleiro não vão para ninguém
result-how-resigned = { $player } desistiu
result-how-withdrew = { $player } saiu do torneio
result-how-timeout = { $player } ficou sem tempo
result-how-aborted = { $player } anulou a partida
result-win = **{ CAPITALIZED($player) } vence, { $won } a { $lost }** — { $how }.
result-draw = **Empate, { $a_seeds } a { $b_seeds }** — { $how }. { $a } e { $b } terminam empatados.
resign-confirm = Desistir da partida nº { $game }? Seu adversário vence; não dá para desfazer.
resigned = Você desistiu da partida nº { $game }.
reminder = ⏰ { $player }, é a sua vez na partida nº { $game } contra { $opponent }: você perde por tempo <t:{ $deadline }:R> se não jogar.
reminder-latest-board = [Último tabuleiro]({ $link })

## /akon partidas

games-none = Você não tem partidas em andamento. Comece uma com `/akon desafiar`.
games-title = Suas partidas em andamento ({ $count }):
games-your-turn = **sua vez**
games-computer-turn = vez do computador
games-their-turn = vez de { $player }
games-line = • partida nº { $game } contra { $opponent } · jogada { $move } · { $turn } · você é { $seat }
games-line-deadline = • partida nº { $game } contra { $opponent } · jogada { $move } · { $turn } (o tempo acaba <t:{ $deadline }:R>) · você é { $seat }
games-latest-board = [último tabuleiro]({ $link })

## /akon configurações

settings-title = Suas configurações do Akon:
settings-reminders-dm = • lembretes: por mensagem direta
settings-reminders-channel = • lembretes: uma menção no canal da partida
settings-time = • tempo por jogada dos desafios que você envia: { $time }
settings-language-chosen = • seu idioma: { $language }
settings-language-discord = • seu idioma: { $language }, o do seu Discord (`/akon configurações idioma` muda isso)
settings-server-language-chosen = • idioma do servidor (tabuleiros, desafios, resultados): { $language }
settings-server-language-discord = • idioma do servidor (tabuleiros, desafios, resultados): { $language }, o do servidor no Discord
settings-board-style = • tabuleiros que só você vê (problemas, /akon partida): { $style }
settings-server-board-style = • tabuleiros do servidor: { $style }
board-style-text = em texto
board-style-picture = em imagem (com o tabuleiro em texto como descrição)
board-style-both = em imagem e em texto
pictures-refused = { $player }, não tenho permissão para anexar arquivos em <#{ $channel }>, então os tabuleiros desse canal aparecem em texto. Me dê a permissão *Anexar arquivos* nesse canal para vê-los em imagem.

## Recusas e falhas

apology = Desculpe, algo deu errado do nosso lado. Nada foi alterado; tente de novo.
fault-database-full = O Akon não consegue salvar nada agora: o armazenamento dele está cheio. Nada foi alterado; tente de novo mais tarde.
fault-database-read-only = O Akon não consegue salvar nada agora: o banco de dados dele está em modo somente leitura. Nada foi alterado; tente de novo mais tarde.
fault-database-unreachable = O Akon não consegue acessar o banco de dados agora. Tente de novo daqui a um minuto.
unknown-button = Este botão não é do Akon, ou não vale mais.
command-unknown = Comando desconhecido `/{ $command }`.
command-unknown-subcommand = Subcomando desconhecido `{ $subcommand }`; experimente `/akon regras`.
command-bad-option = A opção `{ $option }` não é válida.
refusal-not-in-server = Torneios, configurações do servidor e o problema do dia são dos servidores que adicionaram o Akon bot. Para adicioná-lo a um servidor que você gerencia, abra o perfil do bot e escolha **Adicionar app** e depois **Adicionar ao servidor**.
refusal-challenge-self = Você não pode desafiar a si mesmo.
refusal-challenge-bot = { $name } é um bot e não pode jogar.
refusal-already-challenged = Você já tem um desafio pendente para { $name }.
refusal-too-many-games = { $name } já tem { $limit ->
    [one] { $limit } partida em andamento
   *[other] { $limit } partidas em andamento
}, o máximo permitido.
refusal-challenge-not-found = Esse desafio não existe.
refusal-not-your-challenge = Só { $name } pode aceitar este desafio.
refusal-not-in-challenge = Este desafio não é para você.
refusal-challenge-closed = Este desafio { $status ->
    [accepted] já foi aceito
    [declined] já foi recusado
    [withdrawn] já foi retirado
    [expired] já expirou
   *[other] já está encerrado
}.
refusal-challenge-expired = Este desafio expirou.
refusal-game-not-found = Essa partida não existe.
refusal-tournament-not-found = Esse torneio não existe.
refusal-tournament-not-open = Este torneio { $status ->
    [running] já começou
    [finished] já terminou
    [cancelled] foi cancelado
   *[other] está fechado
}: não dá mais para entrar nem sair, e ele não pode começar de novo.
refusal-tournament-full = Este torneio está lotado.
refusal-tournament-already-entered = Você já está neste torneio (ou ele já tem o computador como jogador).
refusal-tournament-not-entered = Você não está neste torneio.
refusal-tournament-not-organiser = Só quem organiza o torneio pode fazer isso.
refusal-tournament-too-few-players = O torneio tem { $have ->
    [one] { $have } jogador
   *[other] { $have } jogadores
}; precisa de pelo menos { $need } para começar.
refusal-tournament-name = O nome de um torneio deve ter de 1 a { $max } caracteres.
refusal-tournament-players = Um torneio neste formato aceita de { $min } a { $max } jogadores.
refusal-tournament-rounds = Só no sistema suíço se escolhe o número de rodadas: pelo menos 1, e menos que o número de jogadores.
refusal-tournament-starts-at = O horário de início já passou.
refusal-tournament-busy = Havia jogadores entrando ou saindo na hora em que o torneio começava; tente de novo.
refusal-not-a-player = Você não está jogando esta partida.
refusal-not-your-turn = É a vez de { $name }, não a sua.
refusal-stale-button = Este botão é de uma jogada anterior; a partida já avançou.
refusal-outdated-board = Este não é o último tabuleiro da partida; use o mais recente.
refusal-game-over = Esta partida terminou.
refusal-resign-overtaken = A partida avançou enquanto você confirmava (alguém fez uma jogada).
refusal-too-late-to-abort = Os dois jogadores já jogaram, então esta partida não pode mais ser anulada; desista dela se for preciso.
refusal-level-needs-computer = A opção nível só serve para partidas contra mim, o computador: me escolha como adversário.
refusal-game-not-over = Esta partida ainda não terminou.
refusal-hints-only-computer = As dicas são só para partidas contra o computador, nunca entre pessoas.
refusal-rematch-pending = Já há uma revanche oferecida (desafio { $challenge }).
refusal-timed-out = Seu tempo acabou: você perdeu a partida por tempo.
refusal-illegal-move = Essa jogada não é permitida: { $reason }.
refusal-no-game-here = Você não tem nenhuma partida em andamento neste canal.
refusal-which-game = Você tem várias partidas em andamento neste canal; diga qual ({ $count ->
    [one] partida
   *[other] partidas
} { $games }).
refusal-needs-manage-server = Só quem pode gerenciar este servidor pode mudar as configurações dele.
refusal-no-server-to-rank = Aqui não há ranking de servidor: use `alcance: global`, ou pergunte em um servidor.
refusal-review-aborted = A partida nº { $game } foi anulada antes de os dois jogarem: ela não tem resultado, então não há nada para analisar.

## Rankings, estatísticas, histórico, fichas de partida

scope-server-title = este servidor
scope-global-title = global
scope-server = neste servidor
scope-global = em todos os servidores
leaderboard-empty-min-games = Ninguém aparece no ranking { $scope } ainda: para aparecer, { $min_games ->
    [one] é necessária { $min_games } partida ranqueada
   *[other] são necessárias { $min_games } partidas ranqueadas
}. Desafie alguém com `/akon desafiar`!
leaderboard-empty = Ainda não há partidas ranqueadas { $scope }. Desafie alguém com `/akon desafiar`!
leaderboard-title = **Ranking do Akon · { $title }** · página { $page } de { $pages } · { $listed ->
    [one] { $listed } jogador
   *[other] { $listed } jogadores
} com pelo menos { $min_games ->
    [one] { $min_games } partida ranqueada
   *[other] { $min_games } partidas ranqueadas
} (Glicko-2; `?` = provisório)
leaderboard-column-player = jogador
leaderboard-column-rating = rating
leaderboard-column-wins = V
leaderboard-column-losses = D
leaderboard-column-draws = E
leaderboard-column-games = partidas
standing-listed = { $player } está na posição { $rank } de { $listed } · rating { $rating } · { $wins } V { $losses } D { $draws } E em { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}.
standing-too-few = { $player } tem { $games ->
    [one] { $games } partida ranqueada
   *[other] { $games } partidas ranqueadas
} { $scope }: { $needed ->
    [one] é necessária { $needed }
   *[other] são necessárias { $needed }
} para aparecer no ranking.
standing-unrated = { $player } ainda não tem partidas ranqueadas { $scope }.
cmd-season-channel-name = canal-temporada
cmd-season-channel-desc = O canal onde o pódio do mês é publicado no dia 1º de cada mês (Gerenciar Servidor)
settings-season-channel = • pódio do mês deste servidor: publicado em { $channel } no dia 1º de cada mês
refusal-season-channel-unseen = Não consigo ver { $channel }, então não poderia publicar o pódio lá: escolha um canal onde eu possa ler e escrever.
season-podium-title = **Temporada do Akon · { $month } · pódio**
season-podium-line = { $medal } { $player } · { $change } em { $games ->
    [one] { $games } partida ranqueada
   *[other] { $games } partidas ranqueadas
}
season-podium-footer = Os melhores do mês pelo rating ganho, entre os jogadores com pelo menos { $min_games ->
    [one] { $min_games } partida ranqueada
   *[other] { $min_games } partidas ranqueadas
} no mês.
cmd-season-name = temporada
cmd-season-desc = Qual período: este mês, o mês passado ou desde sempre (padrão)
cmd-season-this-month = este mês
cmd-season-last-month = mês passado
cmd-season-all-time = desde sempre
season-title = **Temporada do Akon · { $title } · { $month }** · { $listed ->
    [one] { $listed } jogador
   *[other] { $listed } jogadores
} com pelo menos { $min_games ->
    [one] { $min_games } partida ranqueada
   *[other] { $min_games } partidas ranqueadas
} no mês, pelo rating ganho
season-column-change = ganho
season-empty = Ninguém jogou ainda { $min_games ->
    [one] { $min_games } partida ranqueada
   *[other] { $min_games } partidas ranqueadas
} { $scope } em { $month }.
season-standing-listed = { $player } está na posição { $rank } de { $listed } em { $month } · { $change } em { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}.
season-standing-too-few = { $player } tem { $games ->
    [one] { $games } partida ranqueada
   *[other] { $games } partidas ranqueadas
} { $scope } em { $month }: { $needed ->
    [one] é necessária { $needed }
   *[other] são necessárias { $needed }
} para aparecer no ranking.
season-standing-unplayed = { $player } não tem partidas ranqueadas { $scope } em { $month }.
record-line = { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}: { $wins ->
    [one] { $wins } vitória
   *[other] { $wins } vitórias
}, { $losses ->
    [one] { $losses } derrota
   *[other] { $losses } derrotas
}, { $draws ->
    [one] { $draws } empate
   *[other] { $draws } empates
} · sementes capturadas { $captured } (cedidas { $conceded })
rating-summary = **{ $rating }** ({ $games ->
    [one] { $games } partida ranqueada
   *[other] { $games } partidas ranqueadas
}; incerteza { $deviation })
rating-summary-ranked = **{ $rating }** ({ $games ->
    [one] { $games } partida ranqueada
   *[other] { $games } partidas ranqueadas
}, posição { $rank }; incerteza { $deviation })
rating-recent = { $change } { $count ->
    [one] na última partida
   *[other] nas últimas { $count } partidas ({ $changes }, da mais recente para a mais antiga)
}
stats-title = **Estatísticas do Akon de { $player }**
stats-unrated = Rating: ainda sem partidas ranqueadas.
stats-rating-server = Rating neste servidor: { $summary }
stats-rating-global = Rating em todos os servidores: { $summary }
stats-record-server = Neste servidor: { $record }
stats-record-global = Em todos os servidores: { $record }
stats-margin = { $sign }{ $margin } { $margin ->
    [one] semente
   *[other] sementes
} por partida
stats-no-games = ainda sem partidas
stats-streaks = Sequência de vitórias: { $current } em andamento, recorde { $best } · saldo médio de capturas: { $margin }
stats-computer = Contra o computador ({ $level }): { $record }
stats-head-to-head = Confronto direto, { $asker } contra { $player }: { $wins ->
    [one] { $wins } vitória
   *[other] { $wins } vitórias
}, { $losses ->
    [one] { $losses } derrota
   *[other] { $losses } derrotas
}, { $draws ->
    [one] { $draws } empate
   *[other] { $draws } empates
} em { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}.
stats-ongoing = Partidas em andamento: { $count }
stats-tournaments = Torneios: { $events ->
    [one] { $events } disputado
   *[other] { $events } disputados
} · { $wins ->
    [one] { $wins } vencido
   *[other] { $wins } vencidos
} · { $podiums ->
    [one] { $podiums } pódio
   *[other] { $podiums } pódios
} (três primeiros) · melhor posição { $rank } de { $players }
history-end-opponent-resigned = o adversário desistiu
history-end-resigned = desistiu
history-end-opponent-timeout = o adversário ficou sem tempo
history-end-timeout = sem tempo
history-end-loop = regra do ciclo
history-end-no-seeds = sem sementes
history-won = venceu
history-lost = perdeu
history-drew = empatou
history-rating = rating { $before } → { $after } ({ $change })
history-unrated = não ranqueada
history-line = • `#{ $game }` <t:{ $finished }:d> · { $result } contra { $opponent }, { $captured }–{ $conceded } · { $rating }
history-line-how = • `#{ $game }` <t:{ $finished }:d> · { $result } contra { $opponent }, { $captured }–{ $conceded } ({ $how }) · { $rating }
history-none = { $player } ainda não terminou nenhuma partida.
history-title = **Partidas de Akon de { $player }** · página { $page } de { $pages } · { $total ->
    [one] { $total } partida terminada
   *[other] { $total } partidas terminadas
}, das mais recentes para as mais antigas (`/akon partida <número>` mostra uma)
history-tournament-game = 🏆 { $tournament }, rodada { $round }
history-tournaments-title = **Torneios** · { $total ->
    [one] { $total } terminado
   *[other] { $total } terminados
}, do mais recente para o mais antigo
history-tournament-line = • 🏆 { $name } <t:{ $finished }:d> · posição { $rank } de { $players } · { $points ->
    [one] { $points } ponto
   *[other] { $points } pontos
}
rating-line-rated = Ranqueada neste servidor: { $changes }.
rating-line-rated-global = Ranqueada: { $changes }.
rating-line-pair-limit = Não ranqueada: estes dois jogadores já jogaram { $per_day ->
    [one] { $per_day } partida ranqueada
   *[other] { $per_day } partidas ranqueadas
} entre si nas últimas 24 horas. A partida conta mesmo assim no histórico deles.
rating-line-unrated-tournament = Não ranqueada: uma partida de um torneio não ranqueado.
rating-line-forfeit = Não ranqueada: um jogador nunca jogou, então o torneio conta a partida como W.O.
game-title = **Partida de Akon nº { $game }** · { $a } (A, em cima) contra { $b } (B, embaixo) · começou em <t:{ $started }:f>
game-ended = Terminou após { $moves ->
    [one] { $moves } jogada
   *[other] { $moves } jogadas
}.
game-ended-at = Terminou em <t:{ $finished }:f> após { $moves ->
    [one] { $moves } jogada
   *[other] { $moves } jogadas
}.
game-in-progress = Em andamento: jogada { $move }.
game-record-intro = Notação (quem começou, depois as casas jogadas; `akon replay --record` lê essa notação):
game-record-cut = (longa demais para uma mensagem: cortada)

## O comando /akon: nomes (Discord: minúsculas, sem espaços, no máximo 32
## caracteres) e descrições.

cmd-akon-desc = Jogue Akon, o jogo de semeadura de duas fileiras
cmd-launch-desc = Jogue Akon ao vivo neste canal
cmd-challenge-name = desafiar
cmd-challenge-desc = Desafie alguém para uma partida de Akon
cmd-opponent-name = adversário
cmd-opponent-desc = Contra quem você quer jogar (me escolha para jogar contra o computador)
cmd-level-name = nível
cmd-level-desc = A força do computador, quando você joga contra mim (padrão: médio)
cmd-time-per-move-name = tempo-por-jogada
cmd-challenge-time-desc = O tempo de cada jogador por jogada (padrão: 3 dias, ou suas /akon configurações)
cmd-settings-time-desc = O tempo por jogada dos desafios que você envia
cmd-games-name = partidas
cmd-games-desc = Suas partidas em andamento
cmd-board-name = tabuleiro
cmd-board-desc = Publique de novo o tabuleiro atual de uma partida
cmd-game-option-name = partida
cmd-game-option-desc = O número da partida (padrão: sua partida neste canal)
cmd-resign-name = desistir
cmd-resign-desc = Desista de uma partida: seu adversário vence
cmd-abort-name = anular
cmd-abort-desc = Anule uma partida antes de os dois jogarem: sem resultado e sem efeito no rating
cmd-leaderboard-name = ranking
cmd-leaderboard-desc = Os melhores jogadores por rating, neste servidor ou em todos
cmd-scope-name = alcance
cmd-scope-desc = Qual ranking (padrão: servidor)
cmd-scope-server = servidor
cmd-scope-global = global
cmd-stats-name = estatísticas
cmd-stats-desc = O rating e o histórico de resultados de um jogador
cmd-player-name = jogador
cmd-stats-player-desc = O jogador cujos resultados você quer ver (padrão: você)
cmd-history-name = histórico
cmd-history-desc = As últimas partidas terminadas de um jogador
cmd-history-player-desc = O jogador cujas partidas você quer ver (padrão: você)
cmd-game-name = partida
cmd-game-desc = Uma partida completa: resultado, tabuleiro final e notação
cmd-id-name = número
cmd-id-desc = O número da partida, como em /akon histórico
cmd-settings-name = configurações
cmd-settings-desc = Seus lembretes, seu tempo por jogada padrão e seu idioma
cmd-dm-reminders-name = lembretes-no-privado
cmd-dm-reminders-desc = Receba os lembretes por mensagem direta em vez de uma menção no canal
cmd-language-name = idioma
cmd-language-desc = O idioma em que o bot responde a você (padrão: o do seu Discord)
cmd-server-language-name = idioma-do-servidor
cmd-server-language-desc = O idioma do servidor para tabuleiros e desafios (Gerenciar Servidor)
cmd-language-discord = o do Discord
cmd-board-style-name = estilo-tabuleiro
cmd-board-style-desc = Como aparecem os tabuleiros que só você vê: texto, imagem ou os dois
cmd-server-board-style-name = estilo-tabuleiro-servidor
cmd-server-board-style-desc = Como aparecem os tabuleiros do servidor: texto, imagem ou os dois (Gerenciar Servidor)
cmd-rules-name = regras
cmd-rules-desc = As regras do Akon, completas
cmd-review-name = análise
cmd-review-desc = Peça ao motor a análise de uma partida terminada: precisão, jogadas caras, momento decisivo
cmd-review-game-desc = O número da partida, como em /akon histórico

## /akon regras: todas as regras e decisões de docs/RULES.md. Cada seção tem
## no máximo 2000 caracteres (uma mensagem do Discord).

rules-board =
    ### As regras do Akon
    Onde a descrição tradicional deixa uma escolha em aberto, a escolha feita aqui vem marcada *(decisão)*.

    ### Tabuleiro e sementes
    • 2 fileiras de 7 casas; 5 sementes em cada casa no início: 70 sementes, 35 de cada lado.
    • O lado A fica com a fileira de cima, o lado B com a fileira de baixo (vistas do lado de B).
    • Cada jogador numera as casas da própria fileira de 1 a 7; a casa 1 é a primeira à sua direita. `A3` é a casa 3 de A, `B1` é a casa 1 de B.
    • Quem começa é sorteado.

    ### Sentido da semeadura
    Semeia-se da direita para a esquerda na própria fileira e da esquerda para a direita na do adversário: A1 → A2 → … → A7 → B1 → B2 → … → B7 → A1 → …
    ```
     A1 A2 A3 A4 A5 A6 A7
     B7 B6 B5 B4 B3 B2 B1
    ```
rules-move =
    ### Uma jogada
    O jogador da vez escolhe uma casa não vazia da sua fileira, pega todas as sementes dela e as semeia uma a uma, começando pela casa seguinte do ciclo.
    1. **13 sementes ou menos**: elas vão para as casas seguintes, uma em cada.
    2. **14 sementes**: elas dão a volta completa no tabuleiro; a 14ª e última semente cai de novo na casa de saída. Ela está na fileira de quem jogou, então nada é capturado.
    3. **15 sementes ou mais**: as 14 primeiras dão a volta como em 2. Depois, o jogador pula o resto da própria fileira e semeia as sementes restantes só na fileira do adversário: casas 1, 2, …, 7 do adversário, depois de novo a partir da casa 1 do adversário, até a mão ficar vazia. Nessa fase, nenhuma semente entra na fileira de quem jogou.
    A casa onde cai a última semente decide o que acontece em seguida.
rules-captures =
    ### Capturas
    • Última semente na própria fileira: não há captura.
    • Última semente na casa 1 do adversário: uma casa 1 nunca é capturada. Em vez disso, o jogador fica com a última semente semeada: exatamente uma semente sai dessa casa e vai para as capturas dele; as outras ficam. *(decisão)* Isso vale seja qual for o conteúdo da casa, para toda semeadura que termine ali, normal ou longa.
    • Última semente numa casa de 2 a 7 do adversário, que passa a ter 2, 3 ou 4 sementes (contando a que acabou de cair): o jogador as captura. Depois se olha a casa anterior (em direção à casa 1 do adversário): se ela tem 2, 3 ou 4 sementes, elas também são capturadas, e assim por diante. A sequência de capturas para na primeira casa com 0, 1 ou mais de 4 sementes, e sempre antes da casa 1 do adversário.
    • Em qualquer outro caso (a última casa tem 1 semente, ou 5 ou mais): não há captura.
    As sementes capturadas saem do tabuleiro de vez.

    Exemplo: A semeia a partir de A2, que tem 18 sementes; B2, B3 e B4 têm 1 semente cada. As 13 primeiras sementes vão para A3…A7, B1…B7 e A1; a 14ª cai em A2. A pula A3…A7 e semeia as 4 restantes em B1, B2, B3, B4. B4 passa a ter 3: capturadas. B3 e B2 têm 3 cada: capturadas. B1 é uma casa 1: nunca é capturada. A captura 9 sementes.
rules-end =
    ### Alimentar: proibido deixar o adversário sem sementes
    Uma jogada é permitida se a casa dela não está vazia e se, feitas a jogada e as capturas, a fileira do adversário tem pelo menos uma semente. Só quando nenhuma casa permite uma jogada assim o jogador pode semear a partir de qualquer casa não vazia. Uma semeadura que chega à fileira do adversário sempre passa pela casa 1 do adversário, que nunca é capturada, então uma captura nunca esvazia a fileira do adversário. Se a única semente semeada cai na casa 1 do adversário, o jogador fica com ela, então ela não alimenta uma fileira vazia.

    ### Fim da partida
    Verifica-se depois de cada jogada, nesta ordem, para o jogador que passa a ter a vez:
    1. **Sem sementes**: o jogador da vez não tem sementes na sua fileira e não pode jogar. A partida termina e o outro jogador captura todas as sementes que ainda estão no tabuleiro.
    2. **Ciclo**: a posição (as sementes das 14 casas e o jogador da vez) é igual a uma posição anterior da partida. *(decisão)* A primeira repetição termina a partida. As sementes que ainda estão no tabuleiro não vão para ninguém.
    Vence quem capturou mais sementes; com capturas iguais, é empate. As capturas mais as sementes que não vão para ninguém somam sempre 70.

    ### Notação
    Uma jogada se escreve com o número da casa jogada, de 1 a 7. Uma partida se escreve com o lado de quem começou e depois as jogadas: `A: 3 5 1 7 2` (A jogou 3, B jogou 5, A jogou 1, …).
    Aperte um botão numerado para semear a partir dessa casa da sua fileira.

## akon play (a partida no terminal)

play-intro = Akon: semeie a partir da sua fileira (casas 1 a 7, a casa 1 à sua direita); digite q para sair.
play-first = Começa: { $player }.
play-player = Jogador { $seat }
play-you = Você ({ $seat })
play-computer = Computador ({ $seat }, { $level })
play-how-no-seeds = um jogador não podia jogar, o outro levou as sementes restantes
play-how-loop = uma posição se repetiu, as sementes restantes não vão para ninguém
play-wins = { $who ->
    [you] você vence ({ $seat })
   *[other] { $player } vence
}
play-draw = empate
play-game-over = Fim de partida ({ $how }): { $result }, { $a } a { $b }.
play-record = Notação: { $record }
play-abandoned = Partida abandonada. Notação até aqui: { $record }
play-computer-plays = { $player } joga { $hole }.
play-thinking = { $player } está pensando…
play-ask = { $player }, sua jogada ({ $holes }):
play-not-a-hole = `{ $input }` não é um número de casa: as casas vão de 1 a 7.
play-no-such-hole = a casa { $hole } não existe: as casas vão de 1 a 7.
play-cannot = Você não pode jogar { $hole }: { $reason }.

## akon review (a análise no terminal): o que há de errado com a partida dada

review-cli-nodes = --nodes deve ser pelo menos 1
review-cli-no-start = diga onde a partida começa: `--first A` ou `--first B` (a posição inicial), `--start '<posição em JSON>'`, ou `--record 'A: 3 5 1'`
review-cli-no-moves = não há jogadas para analisar: informe a partida, por exemplo `--record "A: 3 5 1"`
review-cli-record-no-seat = uma notação começa com o lado de quem começa seguido de dois-pontos, como `A: 3 5 1`
review-cli-record-bad-seat = `{ $seat }` não é um lado: uma notação começa com `A:` ou `B:`
review-cli-bad-move = jogada { $number }: { $reason }
review-cli-illegal-move = a jogada { $number } (casa { $hole }) não é permitida: { $reason }

## Análise pós-partida e dicas

review-definitions = Precisão: a proporção das jogadas de um jogador (aquelas em que havia escolha) que perderam no máximo { $accurate ->
    [one] { $accurate } semente
   *[other] { $accurate } sementes
} em relação à melhor jogada do motor; perda média: as sementes perdidas, em média, nessas jogadas. Sementes perdidas em relação à melhor jogada: imprecisão { $inaccuracy }–{ $inaccuracy_max }, erro { $mistake }–{ $mistake_max }, erro grave { $blunder } ou mais.
rules-review = • Análise: o botão Análise de uma partida terminada (ou o comando `/akon análise`) faz o motor julgar cada jogada. { $definitions }
review-class-forced = forçada
review-class-good = boa
review-class-inaccuracy = imprecisão
review-class-mistake = erro
review-class-blunder = erro grave
review-seeds = { $count ->
    [one] { $count } semente
   *[other] { $count } sementes
}
review-expected-draw = um empate
review-expected-win = uma vitória por { $seeds } de diferença
review-expected-loss = uma derrota por { $seeds } de diferença
review-costly-line = { $number }. { CAPITALIZED($player) } jogou { $played }, melhor { $best }: −{ $loss } ({ $class })
review-header = { $title }: cada posição explorada em até { $nodes ->
    [one] { $nodes } posição
   *[other] { $nodes } posições
}.
review-seat-line = { CAPITALIZED($who) }: precisão de { $accuracy }% ({ $accurate } de { $moves }), perda média de { $mean } { $mean ->
    [one] semente
   *[other] sementes
}; { $inaccuracies }, { $mistakes }, { $blunders }.
review-inaccuracies = { $count ->
    [one] { $count } imprecisão
   *[other] { $count } imprecisões
}
review-mistakes = { $count ->
    [one] { $count } erro
   *[other] { $count } erros
}
review-blunders = { $count ->
    [one] { $count } erro grave
   *[other] { $count } erros graves
}
review-no-costly = Nenhuma jogada perdeu { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
} ou mais em relação à melhor do motor.
review-costliest-heading = Jogadas mais caras (número da jogada, o que foi jogado, a melhor do motor, sementes perdidas):
review-turning-point = Momento decisivo: jogada { $number }, { $player } jogou { $played } quando a casa { $best } teria mantido { $kept }; depois dela, { $after }.
review-no-turning-point = Momento decisivo: nenhum; nenhuma jogada pôs a perder o resultado esperado de seu jogador.
review-end-final = o resultado final
review-end-engine = a avaliação do motor no final
review-graph-heading = Avaliação (vantagem esperada de A em sementes antes de cada jogada, depois { $end }; A acima da linha, B abaixo):
review-graph-summary-led = { CAPITALIZED($player) } esteve à frente durante { $ahead } { $ahead ->
    [one] jogada
   *[other] jogadas
} de { $moves }, com até { $most } de vantagem (jogada { $number }).
review-graph-summary-even = Nenhum jogador esteve à frente: para o motor, a partida foi equilibrada do começo ao fim.
review-graph-summary-result = Resultado: { $result }
review-graph-summary-end = { CAPITALIZED($end) }: { $expected } para A.
review-graph-summary-end-draw = { CAPITALIZED($end) }: { $expected }.
picture-graph-moves = jogada
picture-graph-lead = vantagem esperada de A (sementes)
picture-graph-ahead = { $seat } à frente
picture-graph-turning = momento decisivo: jogada { $number }
picture-graph-end = { CAPITALIZED($end) }: { $lead }
picture-bracket-title = Chave de { $name }.
picture-bracket-winner = Campeão
picture-bracket-third-column = Terceiro lugar
picture-bracket-won = Campeão: { $player }.
picture-bracket-third = Terceiro lugar: { $players }.
picture-bracket-through = { $player } avança
picture-bracket-playing = em andamento
picture-bracket-wins = { $player } vence
picture-bracket-match = { $label }: { $players }: { $how }.
picture-bracket-earlier = As rodadas 1 a { $round } não estão desenhadas: veja a lista de partidas.
button-review = Análise
review-title = Análise da partida nº { $game } ({ $record })
review-title-record = Análise de { $record }
review-refused-in-progress = A partida nº { $game } ainda está em andamento: a análise é só para partidas terminadas (jogo limpo).
button-hint = Dica
hint-captures = que captura { $seeds }
hint-protects = { $count ->
    [one] que protege sua casa { $holes } de uma captura
   *[other] que protege suas casas { $holes } de uma captura
} (a salvo: { $seeds })
hint-best-line = primeira jogada da melhor linha do motor, que prevê { $expected }
hint-message = 💡 Dica: semeie a casa { $hole }, { $why }. (As dicas ficam registradas: o tabuleiro final e /akon estatísticas mostram que houve dicas.)
hints-used-line = { $count ->
    [one] 💡 { $count } dica foi usada nesta partida.
   *[other] 💡 { $count } dicas foram usadas nesta partida.
}
hints-stats-line = { $count ->
    [one] Dicas usadas em { $count } partida contra o computador.
   *[other] Dicas usadas em { $count } partidas contra o computador.
}

## Problemas (/akon problema).
cmd-puzzle-name = problema
cmd-puzzle-desc = Uma posição em que uma jogada é claramente a melhor: encontre-a (rating e sequência de problemas)
puzzle-header = 🧩 Problema nº { $puzzle } · dificuldade { $rating }
puzzle-task = Você joga com { $seat } (a fileira de baixo) e é a sua vez. Uma jogada é claramente a melhor: ela termina a partida com pelo menos { $margin } a mais do que qualquer outra. Qual casa?
puzzle-row-you = você ({ $seat })
puzzle-row-opponent = adversário ({ $seat })
puzzle-right = ✅ Certo: a casa { $hole } é a melhor jogada, com { $margin } a mais do que a segunda melhor.
puzzle-wrong = ❌ Não é a casa { $played }: depois dela, o motor prevê { $played_expected }. A melhor jogada era a casa { $best }: { $best_expected }.
puzzle-line = A linha do motor: { $line }
puzzle-rating-change = Seu rating de problemas: { $before } → { $after } · sequência { $streak } (recorde { $best })
button-puzzle-next = Próximo problema
puzzle-stats-line = Problemas: rating { $rating } · { $solved ->
    [one] { $solved } resolvido
   *[other] { $solved } resolvidos
} de { $attempts } · sequência { $streak } (recorde { $best })
rules-puzzles = • Problemas: `/akon problema` mostra uma posição de uma partida terminada (ou de uma partida do motor contra si mesmo) em que uma jogada é claramente a melhor: com a busca em até { $nodes ->
    [one] { $nodes } posição
   *[other] { $nodes } posições
}, ela supera qualquer outra jogada por pelo menos { $margin }. Aperte a casa que você jogaria; a resposta é julgada na hora, com a linha do motor. Cada resposta mexe no seu rating de problemas (Glicko-2, separado do seu rating de partidas) e no do problema; os problemas são escolhidos perto do seu rating.
refusal-no-puzzle = Nenhum problema disponível agora; tente de novo daqui a pouco.
refusal-puzzle-not-found = Esse problema não existe.
refusal-not-your-puzzle = Esse problema é de outra pessoa: peça o seu com /akon problema.
refusal-puzzle-answered = Esse problema já foi respondido: cada problema conta uma vez só. /akon problema traz o próximo.

## Torneios (/akon torneio).
cmd-tournament-name = torneio
cmd-tournament-desc = Os torneios do servidor: todos contra todos, sistema suíço ou mata-mata
cmd-tournament-create-name = criar
cmd-tournament-create-desc = Anuncie um torneio neste canal (Gerenciar Servidor, ou o cargo de torneios do servidor)
cmd-tournament-start-name = iniciar
cmd-tournament-start-desc = Inicie o torneio agora: a rodada 1 é emparelhada e as partidas dela começam
cmd-tournament-cancel-name = cancelar
cmd-tournament-cancel-desc = Cancele o torneio; as partidas em andamento param na hora, sem resultado
cmd-tournament-withdraw-name = retirar-se
cmd-tournament-withdraw-desc = Saia do torneio: sua partida em andamento é perdida, e as seguintes, por W.O.
cmd-tournament-standings-name = classificação
cmd-tournament-standings-desc = A classificação do torneio, só para você
cmd-tournament-add-computer-name = adicionar-computador
cmd-tournament-add-computer-desc = Inscreva o computador como jogador, no nível escolhido (um por torneio)
cmd-tournament-level-desc = A força de jogo do computador
cmd-tournament-option-name = torneio
cmd-tournament-option-desc = O número do torneio (padrão: o deste canal)
cmd-name-name = nome
cmd-name-desc = O nome do torneio
cmd-format-name = formato
cmd-format-desc = Todos contra todos (todos se enfrentam), em turno e returno, sistema suíço ou mata-mata
cmd-rounds-name = rodadas
cmd-rounds-desc = Só no sistema suíço: quantas rodadas (padrão: o bastante para um campeão claro)
cmd-tournament-time-desc = O tempo de cada jogador por jogada nas partidas do torneio (padrão: 3 dias)
cmd-max-players-name = jogadores-máx
cmd-max-players-desc = O número máximo de jogadores (todos contra todos de 2 a 64, suíço até 512, mata-mata até 256)
cmd-rated-name = ranqueado
cmd-rated-desc = As partidas valem rating? (padrão: sim)
cmd-starts-at-name = início
cmd-starts-at-desc = Comece automaticamente num horário: 2026-12-24 18:00 (UTC) ou em 2 h (min, h, d)
cmd-tournament-role-name = cargo-torneios
cmd-tournament-role-desc = Cargo cujos membros também podem organizar torneios aqui (Gerenciar Servidor)
tournament-format-round-robin = todos contra todos
tournament-format-double-round-robin = todos contra todos em turno e returno
tournament-format-swiss = sistema suíço
tournament-format-knockout = mata-mata
tournament-format-knockout-third-place = mata-mata com disputa de terceiro lugar
tournament-title = 🏆 **{ $name }** · torneio nº { $id }
tournament-rated = ranqueado
tournament-unrated = não ranqueado
tournament-terms = { $format } · { $time } por jogada · { $rated }
tournament-terms-rounds = { $format } · { $rounds ->
    [one] { $rounds } rodada
   *[other] { $rounds } rodadas
} · { $time } por jogada · { $rated }
tournament-organiser = Organizado por { $organiser }.
tournament-starts-at = Começa automaticamente em <t:{ $at }:f> (<t:{ $at }:R>), ou quando o organizador usar `/akon torneio iniciar`.
tournament-starts-by-hand = Começa quando o organizador usar `/akon torneio iniciar`.
tournament-players = **Jogadores: { $count } de { $max }**
tournament-no-players = Ninguém ainda: aperte **Participar**.
tournament-more-players = { $count ->
    [one] e mais { $count }
   *[other] e mais { $count }
}
button-tournament-join = Participar
button-tournament-leave = Sair
tournament-round = **Rodada { $round } de { $rounds }** · a classificação até agora:
tournament-finished = **Classificação final:**
tournament-cancelled = **Este torneio foi cancelado.**
tournament-podium = 🏆 { $podium }
tournament-bracket = **Chave:**
tournament-bracket-round = Rodada { $round }
tournament-bracket-final = Final
tournament-bracket-third-place = Terceiro lugar
tournament-bracket-bye = folga
tournament-bracket-walkover = W.O.
tournament-bracket-double-forfeit = W.O. duplo
tournament-bracket-game = partida { $game }
tournament-column-player = jogador
tournament-column-points = pts
tournament-column-buchholz-cut1 = BH-1
tournament-column-buchholz = BH
tournament-column-sonneborn-berger = SB
tournament-column-direct-encounter = CD
tournament-column-seeds = sementes
tournament-column-games = partidas
tournament-standings-not-started = O torneio ainda não começou: a classificação vem com a rodada 1.
tournament-game-intro = 🏆 **{ $name }** · rodada { $round }: { $first } contra { $second }.
tournament-created = O torneio nº { $id }, **{ $name }**, está anunciado neste canal: os jogadores entram pelo botão **Participar** dele.
tournament-started = **{ $name }** começou: as partidas da rodada 1 foram publicadas neste canal.
tournament-cancelled-done = **{ $name }** foi cancelado.
tournament-withdrawn = Você saiu de **{ $name }**.
tournament-joined = Você está em **{ $name }**. Suas partidas serão publicadas neste canal, com uma menção.
tournament-left = Você saiu de **{ $name }**.
tournament-computer-added = O computador ({ $level }) joga em **{ $name }**.
refusal-tournament-needs-rights = Organizar torneios aqui exige a permissão Gerenciar Servidor.
refusal-tournament-needs-rights-role = Organizar torneios aqui exige a permissão Gerenciar Servidor ou o cargo { $role }.
refusal-tournament-none-here = Não há nenhum torneio aberto ou em andamento neste canal; informe o número dele.
refusal-tournament-which = Este canal tem vários torneios; informe o número de um deles ({ $count ->
    [one] torneio
   *[other] torneios
} { $tournaments }).
refusal-tournament-starts-at-format = Informe o horário de início como `2026-12-24 18:00` (UTC) ou como `em 2 h` (`m` ou `min` minutos, `h` horas, `d` dias, até um ano).
refusal-tournament-role-needs-manage-server = Só quem pode gerenciar este servidor pode escolher o cargo de torneios dele.
## As páginas web (AKON_WEB_ADDR) e os links para elas

button-replay = Rever a partida
button-live-page = Página ao vivo
button-web-leaderboard = Página web
button-web-tournament = Página web
cmd-web-games-name = partidas-web
cmd-web-games-desc = Mostre as partidas e os torneios deste servidor nas páginas web (Gerenciar Servidor)
cmd-web-leaderboard-name = ranking-web
cmd-web-leaderboard-desc = Mostre o ranking deste servidor numa página web (Gerenciar Servidor)
cmd-choice-on = sim
cmd-choice-off = não
settings-web-games-on = • partidas deste servidor na web: visíveis para quem tiver o link de uma partida
settings-web-games-off = • partidas deste servidor na web: ocultas
settings-web-leaderboard-on = • ranking deste servidor na web: visível para quem tiver o link dele
settings-web-leaderboard-off = • ranking deste servidor na web: oculto
cmd-leaderboard-inactive-days-name = dias-inativos-ranking
cmd-leaderboard-inactive-days-desc = Tire do ranking quem está há tantos dias sem jogar partidas ranqueadas; 0: ninguém
settings-leaderboard-inactive-days = • ranking deste servidor: não aparecem os jogadores sem partida ranqueada { $days ->
    [one] no último dia
   *[other] nos últimos { $days } dias
}
settings-leaderboard-inactive-off = • ranking deste servidor: aparecem todos os jogadores ranqueados, mesmo quem está há muito tempo sem jogar
leaderboard-inactive-hidden = Não aparecem os jogadores sem partida ranqueada { $days ->
    [one] no último dia
   *[other] nos últimos { $days } dias
}.
standing-inactive = { $player } não jogou nenhuma partida ranqueada aqui { $days ->
    [one] no último dia
   *[other] nos últimos { $days } dias
}: volta ao ranking depois da próxima.
web-languages = Idiomas
web-footer = O bot Akon: partidas jogadas no Discord. Páginas somente leitura; os administradores de cada servidor escolhem o que elas mostram.
web-front-title = Akon, o jogo de semeadura de duas fileiras
web-front-intro = O Akon é o jogo de semeadura do Gabão, de Camarões e da Guiné Equatorial, jogado aqui no Discord com o bot Akon. As regras, completas:
web-not-found-title = Página não encontrada
web-not-found = Não há nenhuma página aqui, ou ela não é mais mostrada.
web-unavailable-title = Indisponível no momento
web-unavailable = Não é possível mostrar a página agora. Tente de novo daqui a pouco.
web-game-title = { $a } contra { $b }
web-row-top = (em cima)
web-row-bottom = (embaixo)
web-in-progress = Em andamento, { $moves ->
    [one] { $moves } jogada feita
   *[other] { $moves } jogadas feitas
}.
web-time-per-move = Tempo por jogada: { $time }
web-time-control = Ritmo: { $control }
web-started = Começou em { $date }
web-finished = terminou em { $date }
web-steps = Jogadas
web-step-first = Início
web-step-prev = Jogada anterior
web-step-next = Próxima jogada
web-step-last = Última jogada
web-step-at = Depois da jogada { $ply } de { $last }
web-start = O início: { $player } ({ $seat }) joga primeiro.
web-start-short = início
web-keys = As setas ← → do teclado passam de uma jogada para outra.
web-moves = Jogadas
web-record = Partida em notação
web-review = Análise
web-leaderboard-title = Ranking do servidor
web-leaderboard-about = Os jogadores deste servidor pelo rating Glicko-2, a partir de { $min_games ->
    [one] { $min_games } partida ranqueada
   *[other] { $min_games } partidas ranqueadas
}; um “?” marca um rating provisório.
web-leaderboard-empty = Ninguém aparece no ranking ainda.
web-pages = Páginas
web-page-prev = Página anterior
web-page-next = Próxima página
web-page-at = Página { $page } de { $pages }
web-format-round-robin = Todos contra todos
web-format-double-round-robin = Todos contra todos em turno e returno
web-format-swiss = Sistema suíço
web-format-knockout = Mata-mata
web-format-knockout-third-place = Mata-mata com disputa de terceiro lugar
web-tournament-created = inscrições abertas
web-tournament-running = rodada { $round } em andamento
web-tournament-finished = terminado
web-tournament-cancelled = cancelado
web-tournament-players = { $count ->
    [one] { $count } jogador
   *[other] { $count } jogadores
}
web-standings = Classificação
web-bracket = Chave
web-standings-none = A classificação começa com a rodada 1.
web-entrants = Inscritos
web-column-points = pontos
web-column-points-abbr = pts
web-column-games-abbr = PJ
web-column-games = partidas jogadas
web-column-buchholz-cut1 = BC1
web-column-buchholz = BH
web-column-sonneborn-berger = SB
web-column-direct = CD
web-column-seeds = ±
web-tiebreak-buchholz-cut1 = Buchholz com corte: os pontos dos adversários, sem o mais baixo
web-tiebreak-buchholz = Buchholz: os pontos dos adversários
web-tiebreak-sonneborn-berger = Sonneborn-Berger: os pontos dos adversários vencidos, mais a metade dos pontos daqueles com quem empatou
web-tiebreak-direct = Confronto direto: os pontos contra os jogadores empatados
web-tiebreak-seeds = Sementes capturadas menos sementes cedidas
web-withdrawn = (retirou-se)
web-round = Rodada { $round }
web-bye = folga
web-walkover = W.O.

## O problema do dia (/akon settings daily_puzzle_channel).
cmd-daily-puzzle-channel-name = canal-problema-do-dia
cmd-daily-puzzle-channel-desc = O canal onde o problema do dia é publicado; escolhê-lo ativa o problema (Gerenciar Servidor)
cmd-daily-puzzle-hour-name = hora-problema-do-dia
cmd-daily-puzzle-hour-desc = A hora UTC (0 a 23) em que o problema do dia é publicado; 12 por padrão (Gerenciar Servidor)
cmd-daily-puzzle-name = problema-do-dia
cmd-daily-puzzle-desc = Ative ou desative o problema do dia deste servidor (Gerenciar Servidor)
settings-daily-puzzle-on = • problema do dia deste servidor: publicado em { $channel } todos os dias às { $hour }h UTC
settings-daily-puzzle-off = • problema do dia deste servidor: desativado (o canal dele era { $channel })
refusal-daily-channel-unseen = Não consigo ver { $channel }, então não poderia publicar o problema do dia lá: escolha um canal onde eu possa ler e escrever.
refusal-daily-puzzle-no-channel = Este servidor ainda não tem problema do dia: escolha primeiro o canal dele, com canal-problema-do-dia.
refusal-daily-puzzle-other-day = Este é o problema de { $date }: o problema de um dia só pode ser respondido nesse dia. O de hoje está publicado no canal.
refusal-daily-puzzle-answered = Você já respondeu ao problema de hoje ({ $solved ->
    [yes] acertou, com a casa { $hole }
   *[no] a casa { $hole }, que não era a melhor jogada
}): só a primeira resposta conta. Volte amanhã.
refusal-no-daily-puzzle = Ainda não há problema do dia: nenhum problema foi encontrado até agora.
daily-title = **🧩 Akon · problema do dia · { $date }**
daily-invite = Aperte Resolver para tentar no privado. Conta uma resposta por dia; resolva em dias seguidos para aumentar sua sequência.
daily-tally-none = Ninguém respondeu ainda.
daily-tally = Resolvido por { $solved } { $answered ->
    [one] de { $answered } jogador que respondeu
   *[other] dos { $answered } jogadores que responderam
}.
daily-month = Problemas do dia resolvidos em { $month }: { $solvers }
daily-month-solver = { $player } { $days ->
    [one] { $days } dia
   *[other] { $days } dias
}
button-daily-solve = Resolver
daily-private-header = 🧩 Problema do dia · { $date }
daily-streak = Sua sequência diária: { $streak ->
    [one] { $streak } dia seguido
   *[other] { $streak } dias seguidos
} (recorde { $best }). Volte amanhã para o próximo problema.

## Férias e lembretes no seu ritmo
cmd-vacation-name = férias
cmd-vacation-desc = Saia de férias: os relógios das suas partidas por correspondência param (ou voltam a correr)
cmd-vacation-state-name = estado
cmd-vacation-state-desc = sim: você está fora; não: você voltou
cmd-vacations-name = férias
cmd-vacations-desc = Se as partidas param enquanto um jogador está de férias (padrão: não)
cmd-reminders-name = lembretes
cmd-reminders-desc = Com que frequência você é lembrado de uma jogada pendente
reminders-pace-none = nunca
reminders-pace-once = uma vez, quando resta um quarto do tempo
reminders-pace-hour = também quando resta uma hora
reminders-pace-daily = também uma vez por dia
settings-reminder-pace = • lembretes: { $pace }
board-clock-paused = ⏸ Os relógios estão parados: um jogador está de férias.
games-clock-paused = { $turn } (⏸ os relógios estão parados: um jogador está de férias)
vacation-on = 🏖 Você está de férias: os relógios de { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
} estão parados, e seus adversários foram avisados. Elas terminam quando você joga em uma delas ou com `/akon férias não`.
vacation-on-no-games = 🏖 Você está de férias. Nenhuma partida sua tem um relógio correndo agora; as que começarem enquanto você estiver fora também ficam paradas. Elas terminam quando você joga em uma delas ou com `/akon férias não`.
vacation-on-allowance = Dias usados este ano: { $used }, { $left ->
    [one] resta { $left }
   *[other] restam { $left }
} (um dia começado conta como um); os relógios voltam a correr <t:{ $ends_by }:R> no máximo.
vacation-off = 👋 Bem-vindo de volta: os relógios de { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
} voltam a correr. Férias usadas este ano: { $used } de { $allowed ->
    [one] { $allowed } dia
   *[other] { $allowed } dias
}.
vacation-notice = 🏖 { $player }, { $away } está de férias: os relógios das partidas de vocês, como a partida nº { $game }, estão parados, o seu também, até a volta.
vacation-over = ⏰ { $player }, seus dias de férias do ano acabaram: os relógios das suas partidas voltam a correr.
stats-vacation = Férias este ano: { $used } de { $allowed ->
    [one] { $allowed } dia
   *[other] { $allowed } dias
} usados.
stats-vacation-away = De férias agora: os relógios voltam a correr <t:{ $ends_by }:R> no máximo.
refusal-already-on-vacation = Você já está de férias. `/akon férias não` as encerra.
refusal-not-on-vacation = Você não está de férias: não há nada para desligar.
refusal-vacation-allowance-used = Seus { $days ->
    [one] { $days } dia
   *[other] { $days } dias
} de férias deste ano acabaram: seus relógios continuam correndo.
refusal-vacation-busy = Suas partidas mudaram enquanto suas férias terminavam: tente de novo.

# Um tópico por partida.
cmd-game-threads-name = tópico-por-partida
cmd-game-threads-desc = Jogue cada partida aceita em um tópico próprio; o desafio fica no canal (Gerenciar Servidor)
settings-game-threads-on = • um tópico por partida: ativado (cada partida aceita é jogada em um tópico aberto a partir do desafio)
settings-game-threads-off = • um tópico por partida: desativado (as partidas são jogadas no canal)
game-thread-name = { $a } x { $b }
game-thread-result = { $result }
    A partida: { $thread }
game-threads-refused = Não posso abrir tópicos em <#{ $channel }> (preciso das permissões *Criar tópicos públicos* e *Enviar mensagens em tópicos* lá), então esta partida é jogada no canal. Me dê as duas permissões e as próximas partidas voltam a ter o próprio tópico.
## Games where the bot is no member (DMs, group DMs, servers without the bot)
refusal-opponent-cannot-see-this-chat = Nesta conversa estão só você e o bot, então { $name } não pode ver um desafio aqui. Desafie essa pessoa em um servidor, em uma mensagem direta ou em um grupo, ou jogue aqui contra o computador.
button-refresh = Atualizar
venue-server = em { $channel }
venue-bot-dm = na sua mensagem direta com o bot
venue-private-channel = em uma mensagem direta ou um grupo
venue-server-without-bot = em { $channel } (um servidor sem o bot)
turn-ping = { $player }, é a sua vez na partida nº { $game }.
dm-game-over = A partida nº { $game } ({ $a } contra { $b }) terminou: { $result } Toque em **Atualizar** no tabuleiro dela para vê-la lá.

## Seguir uma partida (o botão Seguir, /akon follow)
button-follow = Seguir
button-play-live = Jogar ao vivo
play-live-off = O jogo ao vivo não está disponível neste bot.
activity-title = Akon, ao vivo
activity-signing-in = Entrando com o Discord…
activity-finding = Procurando a partida deste canal…
activity-no-game = Nenhuma partida em andamento neste canal. Desafie alguém com /akon desafiar e abra a atividade de novo.
activity-sign-in-failed = O Discord não fez seu login. Feche a atividade e abra-a de novo.
activity-unreachable = Não é possível falar com o bot agora. Tente de novo em um momento.
activity-busy = Logins demais ao mesmo tempo. Tente de novo em um minuto.
button-unfollow = Deixar de seguir
board-followers = 👁 { $count ->
    [one] { $count } pessoa segue
   *[other] { $count } pessoas seguem
} esta partida.
follow-end = Você segue a partida nº { $game }: vai receber uma mensagem direta quando ela terminar. `/akon seguir partida:{ $game } cada-jogada:True` avisa também de cada jogada.
follow-every-move = Você segue a partida nº { $game }: vai receber uma mensagem direta a cada jogada e quando ela terminar.
unfollow-done = Você não segue mais a partida nº { $game }.
follow-news-move = 👁 Partida nº { $game } ({ $a } contra { $b }): { $moves ->
    [one] uma jogada foi feita
   *[other] { $moves } jogadas foram feitas
}; vez de { $next }.
follow-news-end = 👁 A partida nº { $game } ({ $a } contra { $b }) terminou: { $result }
games-followed-title = Partidas que você segue ({ $count }):
games-followed-line = • partida nº { $game }: { $a } contra { $b } · jogada { $move }
refusal-follow-own-game = Você joga nesta partida: fica sabendo dela de qualquer jeito.
refusal-game-elsewhere = Essa partida é jogada em outro lugar: siga-a de onde ela é jogada.
refusal-not-following = Você não segue essa partida.
cmd-follow-name = seguir
cmd-follow-desc = Siga uma partida em que você não joga: uma mensagem direta quando ela terminar
cmd-follow-game-desc = O número da partida (no tabuleiro dela)
cmd-every-move-name = cada-jogada
cmd-every-move-desc = Também uma mensagem direta a cada jogada
cmd-stop-following-name = parar
cmd-stop-following-desc = Deixe de segui-la

## Desfazer jogadas em partidas amistosas
cmd-challenge-rated-desc = Escolha se a partida vale rating (padrão: sim; False: partida amistosa, jogadas desfeitas)
challenge-friendly = Partida amistosa: não ranqueada, e quem acabou de jogar pode pedir para desfazer a jogada.
board-friendly = 🤝 Partida amistosa: não ranqueada, jogadas podem ser desfeitas.
rating-line-friendly = Não ranqueada: uma partida amistosa.
button-takeback = Desfazer jogada
button-takeback-accept = Aceitar desfazer
button-takeback-decline = Recusar desfazer
takeback-offer = { $opponent }, { $asker } pede para desfazer a jogada { $move } da partida nº { $game }. Você aceita?
takeback-accepted = Jogada desfeita: { $opponent } deixou { $asker } desfazer a jogada { $move } da partida nº { $game }. { $asker } joga de novo.
takeback-declined = Pedido recusado: { $opponent } mantém a jogada { $move } da partida nº { $game } como { $asker } a fez. A partida continua.
refusal-takeback-not-friendly = Só dá para desfazer jogadas em partidas amistosas entre pessoas (desafio com `rated:False`), nunca em partidas ranqueadas ou de torneio nem contra o computador.
refusal-takeback-not-your-move = Só quem acabou de jogar pode pedir para desfazer a jogada.
refusal-takeback-too-late = Tarde demais: a partida avançou desde essa jogada, ela não pode mais ser desfeita.
refusal-takeback-pending = Você já pediu para desfazer esta jogada: espere a resposta.
refusal-takeback-declined = Seu adversário recusou desfazer esta jogada: ela continua valendo.
refusal-takeback-not-found = Este pedido para desfazer não existe.
refusal-takeback-answered = Este pedido para desfazer já foi respondido.
refusal-takeback-not-for-you = Só { $name } pode responder a este pedido para desfazer.

## Ritmos ao vivo

cmd-time-control-name = ritmo
cmd-challenge-time-control-desc = Um relógio por jogador, partida de uma vez: minutos cada + segundos por jogada
time-control = { $code } ({ $minutes } min + { $seconds } s por jogada)
challenge-pending-live = { $opponent }, { $challenger } desafia você para uma partida de **Akon** ao vivo! Ritmo: { $control }; o relógio de quem começa corre assim que você aceitar. O desafio expira <t:{ $expires }:R>. { $challenger } pode retirá-lo com Recusar.
rematch-pending-live = { $opponent }, { $challenger } propõe uma revanche de **Akon** ao vivo, com os lados trocados! Ritmo: { $control }; o relógio de quem começa corre assim que você aceitar. O desafio expira <t:{ $expires }:R>. { $challenger } pode retirá-lo com Recusar.
board-live-clock = ⏱️ { $control } · { $a }: { $a_time } · { $b }: { $b_time }
board-flag-falls = ⏰ Sua bandeira cai <t:{ $deadline }:R> se você não jogar.
refusal-time-per-move-and-time-control = Escolha um tempo por jogada ou um ritmo, não os dois: um ritmo dá um relógio a cada jogador para uma partida jogada de uma vez.
web-sign-in = Entre com o Discord para jogar
web-sign-out = Sair
web-signed-in-as = Conectado como { $name }
web-watching = { $count ->
    [one] { $count } assistindo
   *[other] { $count } assistindo
}
web-hole = Casa { $hole }, { $seeds ->
    [one] { $seeds } semente
   *[other] { $seeds } sementes
}
web-your-turn = Sua vez: escolha uma casa da sua fileira.
web-waiting-for = Vez de { $name }.
web-sign-in-failed-title = Não foi possível entrar
web-sign-in-state = Não foi possível verificar esta entrada: demorou demais ou não começou neste site. Entre de novo pela página da partida.
web-sign-in-refused = O Discord não confirmou quem você é. Tente de novo em um instante.
web-sign-in-cancelled = A entrada foi cancelada no Discord.
web-move-sign-in = Entre para jogar.
web-move-not-a-player = Só os dois jogadores da partida podem jogá-la.
web-move-not-your-turn = Não é a sua vez.
web-move-stale = A partida avançou: este tabuleiro está desatualizado.
web-move-illegal = Essa jogada não é permitida: escolha uma casa com sementes da sua fileira.
web-move-finished = A partida terminou.
web-move-csrf = Não foi possível verificar este pedido: recarregue a página.
web-move-too-fast = Jogadas demais de uma vez: espere um instante.
web-move-failed = Não foi possível salvar a jogada agora. Tente de novo em um instante.
web-move-bad = Este pedido não é uma jogada.
web-live-full = Gente demais está assistindo ao vivo agora: recarregue a página mais tarde.
web-clock-of = Relógio de { $name }
