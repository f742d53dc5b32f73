<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>AboutDialog</name>
    <message>
        <source>About Umpire&apos;s Desk</source>
        <translation>À propos d&apos;Umpire&apos;s Desk</translation>
    </message>
    <message>
        <source>Campaign</source>
        <translation>Campagne</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Dossier des données</translation>
    </message>
    <message>
        <source>Log files</source>
        <translation>Journaux techniques</translation>
    </message>
</context>
<context>
    <name>Accessibility</name>
    <message>
        <source>Filter</source>
        <translation>Filtre</translation>
    </message>
    <message>
        <source>Filter the order of battle and the order table by any text</source>
        <translation>Filtrer l&apos;ordre de bataille et le tableau des ordres sur n&apos;importe quel texte</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Camp</translation>
    </message>
    <message>
        <source>Show the units of one side only, or of all sides</source>
        <translation>Afficher les unités d&apos;un seul camp, ou de tous les camps</translation>
    </message>
    <message>
        <source>Order of battle</source>
        <translation>Ordre de bataille</translation>
    </message>
    <message>
        <source>Sides, commands and units; choose a unit to edit its order</source>
        <translation>Camps, commandements et unités ; choisissez une unité pour modifier son ordre</translation>
    </message>
    <message>
        <source>Order table</source>
        <translation>Tableau des ordres</translation>
    </message>
    <message>
        <source>Bound shown</source>
        <translation>Bond affiché</translation>
    </message>
    <message>
        <source>Choose an earlier bound to look back, read-only</source>
        <translation>Choisir un bond antérieur pour le revoir, en lecture seule</translation>
    </message>
    <message>
        <source>Close bound</source>
        <translation>Clore le bond</translation>
    </message>
    <message>
        <source>Close the open bound and carry every unit&apos;s state into the next</source>
        <translation>Clore le bond ouvert et reporter l&apos;état de chaque unité au suivant</translation>
    </message>
    <message>
        <source>Reopen last bound</source>
        <translation>Rouvrir le dernier bond</translation>
    </message>
    <message>
        <source>Undo the last close and open that bound again</source>
        <translation>Annuler la dernière clôture et rouvrir ce bond</translation>
    </message>
    <message>
        <source>Order as written</source>
        <translation>Ordre tel qu&apos;écrit</translation>
    </message>
    <message>
        <source>The order as the player wrote it</source>
        <translation>L&apos;ordre tel que le joueur l&apos;a écrit</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Constats</translation>
    </message>
    <message>
        <source>The rules&apos; findings on the order, each with its clause; F1 or a double-click reads the clause</source>
        <translation>Les constats des règles sur l&apos;ordre, chacun avec son article ; F1 ou un double-clic affiche l&apos;article</translation>
    </message>
    <message>
        <source>Save order</source>
        <translation>Enregistrer l&apos;ordre</translation>
    </message>
    <message>
        <source>Save the order and go to the next unit without one</source>
        <translation>Enregistrer l&apos;ordre et passer à la prochaine unité sans ordre</translation>
    </message>
    <message>
        <source>Cancel order</source>
        <translation>Annuler l&apos;ordre</translation>
    </message>
    <message>
        <source>Cancel this unit&apos;s order</source>
        <translation>Annuler l&apos;ordre de cette unité</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>The kind of in-bound event to record</source>
        <translation>Le type d&apos;événement du bond à noter</translation>
    </message>
    <message>
        <source>Record event</source>
        <translation>Noter l&apos;événement</translation>
    </message>
    <message>
        <source>Record the chosen event against this unit</source>
        <translation>Noter l&apos;événement choisi pour cette unité</translation>
    </message>
    <message>
        <source>Unit history</source>
        <translation>Historique de l&apos;unité</translation>
    </message>
    <message>
        <source>The unit&apos;s state, order and journal at each bound; changed values highlighted</source>
        <translation>L&apos;état, l&apos;ordre et le journal de l&apos;unité à chaque bond ; valeurs changées surlignées</translation>
    </message>
    <message>
        <source>Unit state</source>
        <translation>État de l&apos;unité</translation>
    </message>
    <message>
        <source>Formation, disorder and strength now, and what changed</source>
        <translation>Formation, désordre et effectif actuels, et ce qui a changé</translation>
    </message>
    <message>
        <source>Secret note</source>
        <translation>Note secrète</translation>
    </message>
    <message>
        <source>Keep a note on this unit that only you and the chief umpire read</source>
        <translation>Garder sur cette unité une note que seuls vous et l&apos;arbitre en chef lisez</translation>
    </message>
    <message>
        <source>Secret notes</source>
        <translation>Notes secrètes</translation>
    </message>
    <message>
        <source>Your secret notes on this unit (the chief umpire&apos;s: every umpire&apos;s), never printed</source>
        <translation>Vos notes secrètes sur cette unité (pour l&apos;arbitre en chef : celles de tous les arbitres), jamais imprimées</translation>
    </message>
    <message>
        <source>LIM phase</source>
        <translation>Phase de LIM</translation>
    </message>
    <message>
        <source>The phase of the turn: Operations, No LIM or Out of Command</source>
        <translation>La phase du tour : opérations, sans LIM ou hors commandement</translation>
    </message>
    <message>
        <source>LIM pool</source>
        <translation>Réserve de LIM</translation>
    </message>
    <message>
        <source>The chits drawn, in order, then those still in the cup; Enter records the chosen one as pulled from the cup</source>
        <translation>Les pions tirés, dans l&apos;ordre, puis ceux encore dans le gobelet ; Entrée note celui choisi comme tiré du gobelet</translation>
    </message>
    <message>
        <source>Pulled from cup</source>
        <translation>Tiré du gobelet</translation>
    </message>
    <message>
        <source>Record the chit chosen in the cup as the one pulled out at the table</source>
        <translation>Noter le pion choisi dans le gobelet comme celui tiré à la table</translation>
    </message>
    <message>
        <source>Initiative&apos;s choice</source>
        <translation>Choix de l&apos;initiative</translation>
    </message>
    <message>
        <source>Record the chit chosen in the cup as the initiative winner&apos;s first choice</source>
        <translation>Noter le pion choisi dans le gobelet comme premier choix du vainqueur de l&apos;initiative</translation>
    </message>
    <message>
        <source>Desk draws</source>
        <translation>Tirage par le bureau</translation>
    </message>
    <message>
        <source>Let the desk draw the next LIM from the pool</source>
        <translation>Laisser le bureau tirer le LIM suivant de la réserve</translation>
    </message>
    <message>
        <source>Units under this activation</source>
        <translation>Unités de cette activation</translation>
    </message>
    <message>
        <source>The units the LIM drawn lets move, what the Movement and Command table allows each with its clause, and the moves recorded</source>
        <translation>Les unités que le LIM tiré fait bouger, ce que la table de mouvement et de commandement permet à chacune avec sa clause, et les mouvements notés</translation>
    </message>
    <message>
        <source>Movement type</source>
        <translation>Type de mouvement</translation>
    </message>
    <message>
        <source>The movement type of the move to record</source>
        <translation>Le type du mouvement à noter</translation>
    </message>
    <message>
        <source>Destination hex</source>
        <translation>Hexagone de destination</translation>
    </message>
    <message>
        <source>The hex the unit moves to, in the scenario&apos;s numbering; Enter records the move</source>
        <translation>L&apos;hexagone où va l&apos;unité, dans la numérotation du scénario ; Entrée note le mouvement</translation>
    </message>
    <message>
        <source>Record move</source>
        <translation>Noter le mouvement</translation>
    </message>
    <message>
        <source>Record the chosen unit&apos;s move under this activation</source>
        <translation>Noter le mouvement de l&apos;unité choisie sous cette activation</translation>
    </message>
    <message>
        <source>Build pool</source>
        <translation>Constituer la réserve</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Montrer</translation>
    </message>
    <message>
        <source>List the order table&apos;s rows of one state only: no order, refused, overruled, warnings, drafts, saved; or all</source>
        <translation>Ne lister que les lignes du tableau des ordres d&apos;un état : sans ordre, refusés, passés outre, avertissements, brouillons, enregistrés ; ou toutes</translation>
    </message>
    <message>
        <source>One row per unit in the shown bound: its order as written, what is applied, its state to the close and its findings</source>
        <translation>Une ligne par unité dans le bond affiché : son ordre tel qu&apos;écrit, ce qui est appliqué, son état pour la clôture et ses constats</translation>
    </message>
    <message>
        <source>Put every LIM of the turn into the pool</source>
        <translation>Mettre tous les LIM du tour dans la réserve</translation>
    </message>
    <message>
        <source>LIM option</source>
        <translation>Option de LIM</translation>
    </message>
    <message>
        <source>The option the drawn LIM&apos;s command takes</source>
        <translation>L&apos;option que prend le commandement du LIM tiré</translation>
    </message>
    <message>
        <source>Take option</source>
        <translation>Prendre l&apos;option</translation>
    </message>
    <message>
        <source>Record the chosen option for the drawn LIM</source>
        <translation>Noter l&apos;option choisie pour le LIM tiré</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commandement</translation>
    </message>
    <message>
        <source>The command whose activation roll is recorded</source>
        <translation>Le commandement dont le jet d&apos;activation est noté</translation>
    </message>
    <message>
        <source>Activation roll</source>
        <translation>Jet d&apos;activation</translation>
    </message>
    <message>
        <source>The d10 rolled for the command&apos;s activation</source>
        <translation>Le d10 lancé pour l&apos;activation du commandement</translation>
    </message>
    <message>
        <source>Record roll</source>
        <translation>Noter le jet</translation>
    </message>
    <message>
        <source>Record the activation roll for the command</source>
        <translation>Noter le jet d&apos;activation du commandement</translation>
    </message>
    <message>
        <source>Desk rolls</source>
        <translation>Jet par le bureau</translation>
    </message>
    <message>
        <source>Let the desk roll the command&apos;s activation</source>
        <translation>Laisser le bureau lancer le dé d&apos;activation du commandement</translation>
    </message>
    <message>
        <source>Idle command</source>
        <translation>Mettre au repos</translation>
    </message>
    <message>
        <source>Record that the command stays idle, with a reason</source>
        <translation>Noter que le commandement reste au repos, avec une raison</translation>
    </message>
    <message>
        <source>Search clauses</source>
        <translation>Chercher des articles</translation>
    </message>
    <message>
        <source>Search the rules&apos; clauses by id or word</source>
        <translation>Chercher les articles des règles par numéro ou par mot</translation>
    </message>
    <message>
        <source>Clauses found</source>
        <translation>Articles trouvés</translation>
    </message>
    <message>
        <source>The clauses that match the search; choose one to read it</source>
        <translation>Les articles qui répondent à la recherche ; choisissez-en un pour le lire</translation>
    </message>
    <message>
        <source>Clause text</source>
        <translation>Texte de l&apos;article</translation>
    </message>
    <message>
        <source>The chosen clause in full</source>
        <translation>L&apos;article choisi en entier</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Touches</translation>
    </message>
    <message>
        <source>The desk&apos;s keys and what they do</source>
        <translation>Les touches du programme et ce qu&apos;elles font</translation>
    </message>
    <message>
        <source>About</source>
        <translation>À propos</translation>
    </message>
    <message>
        <source>Versions, and where the campaign and the log files are</source>
        <translation>Versions, et emplacement de la campagne et des journaux techniques</translation>
    </message>
</context>
<context>
    <name>ActivationModel</name>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>May now</source>
        <translation>Peut maintenant</translation>
    </message>
    <message>
        <source>Clause</source>
        <translation>Clause</translation>
    </message>
    <message>
        <source>Moved</source>
        <translation>Mouvement</translation>
    </message>
</context>
<context>
    <name>AftermathReview</name>
    <message>
        <source>End the battle: aftermath</source>
        <translation>Fin de la bataille : bilan</translation>
    </message>
    <message>
        <source>Ending the battle closes its open bound first:</source>
        <translation>Finir la bataille clôt d’abord son bond ouvert :</translation>
    </message>
    <message>
        <source>Close summary</source>
        <translation>Résumé de la clôture</translation>
    </message>
    <message>
        <source>Recovery preset</source>
        <translation>Règle de récupération</translation>
    </message>
    <message>
        <source>Share of losses that return</source>
        <translation>Part des pertes qui reviennent</translation>
    </message>
    <message>
        <source>How it is rolled</source>
        <translation>Manière de tirer</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>&amp;Règle :</translation>
    </message>
    <message>
        <source>&amp;Share:</source>
        <translation>&amp;Part :</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>&amp;Méthode :</translation>
    </message>
    <message>
        <source>Each unit&apos;s result</source>
        <translation>Résultat de chaque unité</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Camp</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Au début</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>À la fin</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Pertes</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Reviennent</translation>
    </message>
    <message>
        <source>Carries on</source>
        <translation>Garde</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Raison</translation>
    </message>
    <message>
        <source>&amp;End the battle</source>
        <translation>&amp;Finir la bataille</translation>
    </message>
    <message>
        <source>Ending takes a backup of the campaign first: File &gt; Backups… or desk restore brings it back.</source>
        <translation>Finir la bataille sauvegarde d&apos;abord la campagne : Fichier &gt; Sauvegardes… ou desk restore la ramène.</translation>
    </message>
    <message>
        <source>{unit}: the strength carried on must be a whole number, not {text!r}</source>
        <translation>{unit} : l’effectif gardé doit être un nombre entier, pas {text!r}</translation>
    </message>
    <message>
        <source>{unit}: a changed result needs a reason</source>
        <translation>{unit} : un résultat modifié demande une raison</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Campaign in use</source>
        <translation>Campagne en cours d&apos;utilisation</translation>
    </message>
    <message>
        <source>Another desk has this campaign open for writing ({holder}).

Open it read-only, or cancel?</source>
        <translation>Un autre poste a ouvert cette campagne en écriture ({holder}).

L&apos;ouvrir en lecture seule, ou annuler ?</translation>
    </message>
    <message>
        <source>Cannot open the campaign</source>
        <translation>Impossible d&apos;ouvrir la campagne</translation>
    </message>
    <message>
        <source>Cannot show the campaign</source>
        <translation>Impossible d&apos;afficher la campagne</translation>
    </message>
    <message>
        <source>Which umpire are you?</source>
        <translation>Quel arbitre êtes-vous ?</translation>
    </message>
    <message>
        <source>This campaign names its umpires, and none of them signs in as this database role. Your orders, events and rulings will carry the name you choose:</source>
        <translation>Cette campagne nomme ses arbitres, et aucun ne se connecte sous ce rôle de la base. Vos ordres, événements et décisions porteront le nom que vous choisissez :</translation>
    </message>
</context>
<context>
    <name>BattleController</name>
    <message>
        <source>Battle {battle} ended. The backup taken before, {file}, brings it back: File &gt; Backups… or desk restore.</source>
        <translation>Bataille {battle} finie. La sauvegarde faite avant, {file}, la ramène : Fichier &gt; Sauvegardes… ou desk restore.</translation>
    </message>
    <message>
        <source>Battle {battle} ended.</source>
        <translation>Bataille {battle} finie.</translation>
    </message>
</context>
<context>
    <name>BoardBelief</name>
    <message>
        <source>{command} at bound {bound}: {elsewhere}, {none}</source>
        <translation>{command} au bond {bound} : {elsewhere}, {none}</translation>
    </message>
    <message>
        <source>, {n} reported off the map</source>
        <translation>, hors de la carte selon les rapports : {n}</translation>
    </message>
    <message>
        <source> (no news: {units})</source>
        <translation> (pas de nouvelles : {units})</translation>
    </message>
    <message>
        <source>Every unit under {command} has reported.</source>
        <translation>{command} a des nouvelles de chacune de ses unités.</translation>
    </message>
    <message>
        <source>No news of: {units}</source>
        <translation>Pas de nouvelles de : {units}</translation>
    </message>
    <message>
        <source>No belief shown</source>
        <translation>Aucune croyance affichée</translation>
    </message>
    <message>
        <source>{command} ({side})</source>
        <translation>{command} ({side})</translation>
    </message>
</context>
<context>
    <name>BoardController</name>
    <message>
        <source>No map yet: import an image of the ground.</source>
        <translation>Pas encore de carte : importez une image du terrain.</translation>
    </message>
    <message>
        <source>Bound {n}: {placed} units on the map, {unplaced} not placed; drag a unit to move it.</source>
        <translation>Bond {n} : {placed} unités sur la carte, {unplaced} non placées ; faites glisser une unité pour la déplacer.</translation>
    </message>
    <message>
        <source>Bound {n} as it stood (read-only): {placed} units on the map.</source>
        <translation>Bond {n} tel qu&apos;il était (lecture seule) : {placed} unités sur la carte.</translation>
    </message>
    <message>
        <source>hex {hex}</source>
        <translation>hexagone {hex}</translation>
    </message>
    <message>
        <source>Move {unit}</source>
        <translation>Déplacer {unit}</translation>
    </message>
    <message>
        <source>Place {unit}</source>
        <translation>Placer {unit}</translation>
    </message>
    <message>
        <source>{unit} moved to {where}.</source>
        <translation>{unit} déplacée en {where}.</translation>
    </message>
    <message>
        <source>{unit} placed at {where}.</source>
        <translation>{unit} placée en {where}.</translation>
    </message>
    <message>
        <source>map {x:.0f}, {y:.0f} {unit}</source>
        <translation>carte {x:.0f}, {y:.0f} {unit}</translation>
    </message>
    <message>
        <source>map {x:.0f}, {y:.0f}</source>
        <translation>carte {x:.0f}, {y:.0f}</translation>
    </message>
    <message>
        <source>No unit chosen: N and P choose one.</source>
        <translation>Aucune unité choisie : N et P en choisissent une.</translation>
    </message>
    <message>
        <source>Chosen: {unit} ({side}) at {place}.</source>
        <translation>Choisie : {unit} ({side}), {place}.</translation>
    </message>
    <message>
        <source>Not recorded yet: Enter records the move, Escape puts it back.</source>
        <translation>Pas encore enregistré : Entrée enregistre le déplacement, Échap la remet en place.</translation>
    </message>
    <message>
        <source>The arrow keys move it.</source>
        <translation>Les touches fléchées la déplacent.</translation>
    </message>
    <message>
        <source>[ and ] turn it.</source>
        <translation>[ et ] la font pivoter.</translation>
    </message>
    <message>
        <source>Destination: {place}.</source>
        <translation>Destination : {place}.</translation>
    </message>
    <message>
        <source>Import a map</source>
        <translation>Importer une carte</translation>
    </message>
    <message>
        <source>Maps (*.png *.jpg *.jpeg *.pdf);;All files (*)</source>
        <translation>Cartes (*.png *.jpg *.jpeg *.pdf);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>&amp;Orders</source>
        <translation>&amp;Ordres</translation>
    </message>
    <message>
        <source>&amp;Map</source>
        <translation>&amp;Carte</translation>
    </message>
    <message>
        <source>Orders or map</source>
        <translation>Ordres ou carte</translation>
    </message>
</context>
<context>
    <name>BoardGhosts</name>
    <message>
        <source>{unit} as of bound {n}</source>
        <translation>{unit} au bond {n}</translation>
    </message>
    <message>
        <source>{unit}: where {command} believes it stands, as of bound {n} (reported at bound {m})</source>
        <translation>{unit} : là où {command} le croit, au bond {n} (rapporté au bond {m})</translation>
    </message>
</context>
<context>
    <name>BoardPanel</name>
    <message>
        <source>No unit chosen: N and P choose one.</source>
        <translation>Aucune unité choisie : N et P en choisissent une.</translation>
    </message>
    <message>
        <source>No map yet: import an image of the ground.</source>
        <translation>Pas encore de carte : importez une image du terrain.</translation>
    </message>
    <message>
        <source>Import map…</source>
        <translation>Importer une carte…</translation>
    </message>
    <message>
        <source>Whole map</source>
        <translation>Toute la carte</translation>
    </message>
    <message>
        <source>Map tools</source>
        <translation>Outils de carte</translation>
    </message>
    <message>
        <source>Be&amp;lief of:</source>
        <translation>Cro&amp;yance de :</translation>
    </message>
    <message>
        <source>Bound {n}</source>
        <translation>Bond {n}</translation>
    </message>
    <message>
        <source>Map board</source>
        <translation>Plateau de la carte</translation>
    </message>
    <message>
        <source>The battle&apos;s map with its units; + and - zoom, 0 shows the whole map, drag a unit to move it in the open bound; N and P choose a unit, the arrow keys move it, Enter records the move, Escape puts it back</source>
        <translation>La carte de la bataille avec ses unités ; + et - zooment, 0 montre toute la carte, faites glisser une unité pour la déplacer dans le bond ouvert ; N et P choisissent une unité, les touches fléchées la déplacent, Entrée enregistre le déplacement, Échap la remet en place</translation>
    </message>
    <message>
        <source>Unit chosen on the map</source>
        <translation>Unité choisie sur la carte</translation>
    </message>
    <message>
        <source>Which unit the arrow keys move, and where it stands</source>
        <translation>L&apos;unité que déplacent les touches fléchées, et où elle se trouve</translation>
    </message>
    <message>
        <source>Bound on the map</source>
        <translation>Bond sur la carte</translation>
    </message>
    <message>
        <source>Look at the units&apos; positions in an earlier bound, with faint trails</source>
        <translation>Voir les positions des unités à un bond antérieur, avec leurs traces estompées</translation>
    </message>
    <message>
        <source>Import map</source>
        <translation>Importer une carte</translation>
    </message>
    <message>
        <source>Store an image (PNG, JPEG or a PDF page) as the battle&apos;s map</source>
        <translation>Enregistrer une image (PNG, JPEG ou page de PDF) comme carte de la bataille</translation>
    </message>
    <message>
        <source>Show the whole map</source>
        <translation>Montrer toute la carte</translation>
    </message>
    <message>
        <source>Calibrate the map, mark enemy units seen, save a side&apos;s view</source>
        <translation>Étalonner la carte, marquer les unités ennemies vues, enregistrer la vue d&apos;un camp</translation>
    </message>
    <message>
        <source>Belief of</source>
        <translation>Croyance de</translation>
    </message>
    <message>
        <source>Draw what one headquarters believes over the truth: a dashed ghost where it believes a unit stands elsewhere, a line to where it is</source>
        <translation>Dessiner ce que croit un quartier général par-dessus la réalité : un fantôme en pointillés là où il croit une unité ailleurs, une ligne jusqu&apos;à sa vraie place</translation>
    </message>
    <message>
        <source>Belief shown</source>
        <translation>Croyance affichée</translation>
    </message>
    <message>
        <source>What the headquarters chosen believes wrongly, and of which units it has no news</source>
        <translation>Ce que le quartier général choisi croit à tort, et les unités dont il n&apos;a pas de nouvelles</translation>
    </message>
</context>
<context>
    <name>BoardTools</name>
    <message>
        <source>Calibration cancelled: nothing stored.</source>
        <translation>Étalonnage annulé : rien n&apos;est enregistré.</translation>
    </message>
    <message>
        <source>This battle has no map yet: import one first (Import map… on the map tab).</source>
        <translation>Cette bataille n&apos;a pas encore de carte : importez-en une d&apos;abord (Importer une carte… dans l&apos;onglet Carte).</translation>
    </message>
    <message>
        <source>click one end of a known distance (a ruler, a scale bar, two landmarks).</source>
        <translation>cliquez une extrémité d&apos;une distance connue (une règle, une échelle graphique, deux repères).</translation>
    </message>
    <message>
        <source>click the other end.</source>
        <translation>cliquez l&apos;autre extrémité.</translation>
    </message>
    <message>
        <source>This battle has no hex grid (its scenario gives none): there are no hexes to fix on the map.</source>
        <translation>Cette bataille n&apos;a pas de grille d&apos;hexagones (son scénario n&apos;en donne pas) : il n&apos;y a pas d&apos;hexagones à fixer sur la carte.</translation>
    </message>
    <message>
        <source>click the centre of a hex whose number you can read (three hexes that make a triangle).</source>
        <translation>cliquez le centre d&apos;un hexagone dont vous lisez le numéro (trois hexagones formant un triangle).</translation>
    </message>
    <message>
        <source>Scale: {per:.4g} {unit} a pixel; the map is {w:.0f} x {h:.0f} {unit}.</source>
        <translation>Échelle : {per:.4g} {unit} par pixel ; la carte mesure {w:.0f} x {h:.0f} {unit}.</translation>
    </message>
    <message>
        <source>Hex grid fixed by three hex centres.</source>
        <translation>Grille d&apos;hexagones fixée par trois centres d&apos;hexagone.</translation>
    </message>
    <message>
        <source>No sightings changed.</source>
        <translation>Aucune observation modifiée.</translation>
    </message>
    <message>
        <source>Sightings of bound {bound} saved ({n} changed).</source>
        <translation>Observations du bond {bound} enregistrées ({n} modifiées).</translation>
    </message>
    <message>
        <source>umpire</source>
        <translation>arbitre</translation>
    </message>
    <message>
        <source>{campaign} map bound {n} {who}</source>
        <translation>{campaign} carte bond {n} {who}</translation>
    </message>
    <message>
        <source>PNG pictures (*.png)</source>
        <translation>Images PNG (*.png)</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>Documents PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Save the map view</source>
        <translation>Enregistrer la vue de la carte</translation>
    </message>
    <message>
        <source>{file} could not be written: {why}</source>
        <translation>{file} n&apos;a pas pu être écrit : {why}</translation>
    </message>
    <message>
        <source>Wrote {file}: bound {n} as {who} sees it, {count} units shown.</source>
        <translation>{file} écrit : le bond {n} tel que le voit {who}, {count} unités montrées.</translation>
    </message>
    <message>
        <source>Writing {file}…</source>
        <translation>Écriture de {file}…</translation>
    </message>
</context>
<context>
    <name>BoundBar</name>
    <message>
        <source>The bound shown: choose an earlier one to look back, read-only (Alt+Left / Alt+Right)</source>
        <translation>Le bond affiché : choisissez-en un plus ancien pour le revoir, en lecture seule (Alt+Gauche / Alt+Droite)</translation>
    </message>
    <message>
        <source>Bound {n} · {time} (current)</source>
        <translation>Bond {n} · {time} (en cours)</translation>
    </message>
    <message>
        <source>Bound {n} · {time}</source>
        <translation>Bond {n} · {time}</translation>
    </message>
    <message>
        <source>open</source>
        <translation>ouvert</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>clos</translation>
    </message>
    <message>
        <source>showing bound {n}, read-only</source>
        <translation>bond {n} affiché, en lecture seule</translation>
    </message>
    <message>
        <source>&lt;b&gt;{battle}&lt;/b&gt; · bound &lt;b&gt;{bound}&lt;/b&gt; ({status}) · game time &lt;b&gt;{time}&lt;/b&gt;</source>
        <translation>&lt;b&gt;{battle}&lt;/b&gt; · bond &lt;b&gt;{bound}&lt;/b&gt; ({status}) · heure de jeu &lt;b&gt;{time}&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>BoundController</name>
    <message>
        <source>Closing the bound</source>
        <translation>Clôture du bond</translation>
    </message>
    <message>
        <source>All units</source>
        <translation>Toutes les unités</translation>
    </message>
    <message>
        <source>Side: {side}</source>
        <translation>Camp : {side}</translation>
    </message>
    <message>
        <source>Command: {command} ({side})</source>
        <translation>Commandement : {command} ({side})</translation>
    </message>
</context>
<context>
    <name>BoundDiffDialog</name>
    <message>
        <source>Bound diff</source>
        <translation>Différences entre bonds</translation>
    </message>
    <message>
        <source>From bound</source>
        <translation>Du bond</translation>
    </message>
    <message>
        <source>To bound</source>
        <translation>Au bond</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>Changements</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Camp</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>Ce qui a changé</translation>
    </message>
    <message>
        <source>&amp;From bound:</source>
        <translation>&amp;Du bond :</translation>
    </message>
    <message>
        <source>&amp;To bound:</source>
        <translation>&amp;Au bond :</translation>
    </message>
    <message>
        <source>{battle}, bound {a} → bound {b}: {n} units changed</source>
        <translation>{battle}, bond {a} → bond {b} : {n} unités ont changé</translation>
    </message>
</context>
<context>
    <name>BoundRecordDialog</name>
    <message>
        <source>The bound&apos;s record</source>
        <translation>Le relevé du bond</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>Bond</translation>
    </message>
    <message>
        <source>What every unit did</source>
        <translation>Ce qu&apos;a fait chaque unité</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Camp</translation>
    </message>
    <message>
        <source>What it did</source>
        <translation>Ce qu&apos;elle a fait</translation>
    </message>
    <message>
        <source>Moves and events</source>
        <translation>Mouvements et événements</translation>
    </message>
    <message>
        <source>State before → after</source>
        <translation>État avant → après</translation>
    </message>
    <message>
        <source>&amp;Bound:</source>
        <translation>&amp;Bond :</translation>
    </message>
    <message>
        <source>{battle}, bound {bound} ({time}): {n} units</source>
        <translation>{battle}, bond {bound} ({time}) : {n} unités</translation>
    </message>
    <message>
        <source>{state} (unchanged)</source>
        <translation>{state} (inchangé)</translation>
    </message>
</context>
<context>
    <name>CalibrationMode</name>
    <message>
        <source>&amp;Type the points…</source>
        <translation>&amp;Saisir les points…</translation>
    </message>
    <message>
        <source>Cancel (Esc)</source>
        <translation>Annuler (Échap)</translation>
    </message>
    <message>
        <source>Type the points</source>
        <translation>Saisir les points</translation>
    </message>
    <message>
        <source>Type the points&apos; x and y in the image&apos;s pixels instead of clicking</source>
        <translation>Saisir le x et le y des points en pixels de l&apos;image au lieu de cliquer</translation>
    </message>
    <message>
        <source>Cancel calibration</source>
        <translation>Annuler l&apos;étalonnage</translation>
    </message>
    <message>
        <source>Leave calibration; nothing is stored</source>
        <translation>Quitter l&apos;étalonnage ; rien n&apos;est enregistré</translation>
    </message>
    <message>
        <source>Point {n} of {total}: {what}</source>
        <translation>Point {n} sur {total} : {what}</translation>
    </message>
    <message>
        <source>All {total} points clicked.</source>
        <translation>Les {total} points sont cliqués.</translation>
    </message>
</context>
<context>
    <name>CampaignView</name>
    <message>
        <source>lost {n}</source>
        <translation>perdu {n}</translation>
    </message>
    <message>
        <source>returned {n}</source>
        <translation>revenu {n}</translation>
    </message>
    <message>
        <source>adjusted {n:+d}</source>
        <translation>ajusté {n:+d}</translation>
    </message>
    <message>
        <source>Campaign: battles and strengths</source>
        <translation>Campagne : batailles et effectifs</translation>
    </message>
    <message>
        <source>Battles</source>
        <translation>Batailles</translation>
    </message>
    <message>
        <source>Battle</source>
        <translation>Bataille</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Unités</translation>
    </message>
    <message>
        <source>Strengths across the battles</source>
        <translation>Effectifs d’une bataille à l’autre</translation>
    </message>
    <message>
        <source>Totals by side and command</source>
        <translation>Totaux par camp et commandement</translation>
    </message>
    <message>
        <source>&amp;New battle…</source>
        <translation>&amp;Nouvelle bataille…</translation>
    </message>
    <message>
        <source>&amp;End battle…</source>
        <translation>&amp;Finir la bataille…</translation>
    </message>
    <message>
        <source>Bound &amp;diff…</source>
        <translation>&amp;Différences entre bonds…</translation>
    </message>
    <message>
        <source>&amp;Totals (a command counts the commands under it):</source>
        <translation>&amp;Totaux (un commandement compte ceux qui lui sont subordonnés) :</translation>
    </message>
    <message numerus="yes">
        <source>{campaign}: %n battle(s); now: {current}</source>
        <translation>
            <numerusform>{campaign} : %n bataille ; en cours : {current}</numerusform>
            <numerusform>{campaign} : %n batailles ; en cours : {current}</numerusform>
        </translation>
    </message>
    <message>
        <source>between battles</source>
        <translation>entre deux batailles</translation>
    </message>
    <message>
        <source>open, bound {n}</source>
        <translation>ouverte, bond {n}</translation>
    </message>
    <message>
        <source>ended after bound {n}</source>
        <translation>finie après le bond {n}</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Camp</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Actuel</translation>
    </message>
    <message>
        <source>Side or command</source>
        <translation>Camp ou commandement</translation>
    </message>
</context>
<context>
    <name>CasualtiesGridDialog</name>
    <message>
        <source>Casualties grid</source>
        <translation>Grille des pertes</translation>
    </message>
    <message>
        <source>&amp;Units of</source>
        <translation>&amp;Unités de</translation>
    </message>
    <message>
        <source>melee, fire … (optional)</source>
        <translation>mêlée, feu … (facultatif)</translation>
    </message>
    <message>
        <source>C&amp;ause</source>
        <translation>C&amp;ause</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>Strength now</source>
        <translation>Effectif actuel</translation>
    </message>
    <message>
        <source>Casualties</source>
        <translation>Pertes</translation>
    </message>
    <message>
        <source>New state</source>
        <translation>Nouvel état</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Contrôle</translation>
    </message>
    <message>
        <source>Record every row at once (Ctrl+Enter)</source>
        <translation>Enregistrer toutes les lignes d’un coup (Ctrl+Entrée)</translation>
    </message>
</context>
<context>
    <name>ClaimsDialog</name>
    <message>
        <source>Claims — {campaign}</source>
        <translation>Réservations — {campaign}</translation>
    </message>
    <message>
        <source>C&amp;laims in this battle:</source>
        <translation>Réservations dans cette &amp;bataille :</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>Réservations</translation>
    </message>
    <message>
        <source>One row per claim: on what, by which umpire, since when, and why the chief took it over</source>
        <translation>Une ligne par réservation : sur quoi, par quel arbitre, depuis quand, et pourquoi l&apos;arbitre en chef l&apos;a reprise</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>Réservation</translation>
    </message>
    <message>
        <source>Umpire</source>
        <translation>Arbitre</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Depuis</translation>
    </message>
    <message>
        <source>Taken over because</source>
        <translation>Reprise parce que</translation>
    </message>
    <message>
        <source>No claims: every unit is anyone&apos;s to write.</source>
        <translation>Aucune réservation : chaque arbitre peut écrire pour toute unité.</translation>
    </message>
    <message>
        <source>Claim the LIM c&amp;up</source>
        <translation>Réserver le &amp;gobelet des LIM</translation>
    </message>
    <message>
        <source>Claim the LIM cup</source>
        <translation>Réserver le gobelet des LIM</translation>
    </message>
    <message>
        <source>&amp;Release</source>
        <translation>&amp;Libérer</translation>
    </message>
    <message>
        <source>Release the chosen claim</source>
        <translation>Libérer la réservation choisie</translation>
    </message>
    <message>
        <source>why the chief takes it over</source>
        <translation>pourquoi l&apos;arbitre en chef la reprend</translation>
    </message>
    <message>
        <source>Reason to take the claim over</source>
        <translation>Raison de reprendre la réservation</translation>
    </message>
    <message>
        <source>Required: journalled with the take-over</source>
        <translation>Obligatoire : notée au journal avec la reprise</translation>
    </message>
    <message>
        <source>R&amp;eason:</source>
        <translation>&amp;Raison :</translation>
    </message>
    <message>
        <source>&amp;Take over…</source>
        <translation>Re&amp;prendre…</translation>
    </message>
    <message>
        <source>Take the chosen claim over</source>
        <translation>Reprendre la réservation choisie</translation>
    </message>
    <message>
        <source>Only the chief umpire, with a reason</source>
        <translation>L&apos;arbitre en chef seulement, avec une raison</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Refusé</translation>
    </message>
    <message>
        <source>No umpires named.</source>
        <translation>Aucun arbitre nommé.</translation>
    </message>
    <message>
        <source>You are {name}, the chief umpire.</source>
        <translation>Vous êtes {name}, l&apos;arbitre en chef.</translation>
    </message>
    <message>
        <source>You are {name}, a sector umpire.</source>
        <translation>Vous êtes {name}, arbitre de secteur.</translation>
    </message>
    <message>
        <source>This campaign names no umpires, so nothing can be claimed: name them at the command line first (desk umpires CAMPAIGN add NAME --role chief).</source>
        <translation>Cette campagne ne nomme aucun arbitre, rien ne peut donc être réservé : nommez-les d&apos;abord en ligne de commande (desk umpires CAMPAIGN add NAME --role chief).</translation>
    </message>
    <message>
        <source>Claim {command} (co&amp;mmand)</source>
        <translation>Réserver {command} (co&amp;mmandement)</translation>
    </message>
    <message>
        <source>Claim {side} (&amp;side)</source>
        <translation>Réserver {side} (&amp;camp)</translation>
    </message>
    <message>
        <source>Claim the chosen unit&apos;s co&amp;mmand</source>
        <translation>Réserver le co&amp;mmandement de l&apos;unité choisie</translation>
    </message>
    <message>
        <source>Claim the chosen unit&apos;s &amp;side</source>
        <translation>Réserver le &amp;camp de l&apos;unité choisie</translation>
    </message>
</context>
<context>
    <name>ClauseBrowser</name>
    <message>
        <source>Rules clauses — Umpire&apos;s Desk</source>
        <translation>Articles des règles — Umpire&apos;s Desk</translation>
    </message>
    <message>
        <source>Search by id (BA-14) or word (charge)</source>
        <translation>Chercher par numéro (BA-14) ou par mot (charge)</translation>
    </message>
    <message>
        <source>{key}

Not a numbered clause of the rules: a number or list the desk reads from the rules system&apos;s data (resources/rulesets), which a campaign&apos;s house rules may change.</source>
        <translation>{key}

Pas un article numéroté des règles : un nombre ou une liste que le bureau lit dans les données du système de règles (resources/rulesets), que les règles maison d&apos;une campagne peuvent changer.</translation>
    </message>
    <message numerus="yes">
        <source>%n clause(s)</source>
        <translation>
            <numerusform>%n article</numerusform>
            <numerusform>%n articles</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>{file} could not be written: {why}</source>
        <translation>Impossible d&apos;écrire {file} : {why}</translation>
    </message>
</context>
<context>
    <name>Counted</name>
    <message numerus="yes">
        <source>Close bound {bound} for %n unit(s)?</source>
        <translation>
            <numerusform>Clore le bond {bound} pour %n unité ?</numerusform>
            <numerusform>Clore le bond {bound} pour %n unités ?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) without an order (each continues its last order, never a charge, fire or attack):</source>
        <translation>
            <numerusform>%n unité sans ordre (elle poursuit son dernier ordre, jamais une charge, un feu ou une attaque) :</numerusform>
            <numerusform>%n unités sans ordre (chacune poursuit son dernier ordre, jamais une charge, un feu ou une attaque) :</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) without an order (each holds):</source>
        <translation>
            <numerusform>%n unité sans ordre (elle tient sa position) :</numerusform>
            <numerusform>%n unités sans ordre (chacune tient sa position) :</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) without an order (the rules&apos; &apos;no order&apos; applies):</source>
        <translation>
            <numerusform>%n unité sans ordre (le « sans ordre » de la règle s&apos;applique) :</numerusform>
            <numerusform>%n unités sans ordre (le « sans ordre » de la règle s&apos;applique) :</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Closing bound {bound}: carrying %n unit(s) into the next bound…</source>
        <translation>
            <numerusform>Clôture du bond {bound} : %n unité passe au bond suivant…</numerusform>
            <numerusform>Clôture du bond {bound} : %n unités passent au bond suivant…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bound {bound} already has %n order(s).</source>
        <translation>
            <numerusform>Le bond {bound} a déjà %n ordre.</numerusform>
            <numerusform>Le bond {bound} a déjà %n ordres.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Writing %n order sheet PDF(s)…</source>
        <translation>
            <numerusform>Écriture de %n PDF de feuilles d&apos;ordres…</numerusform>
            <numerusform>Écriture de %n PDF de feuilles d&apos;ordres…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n order sheet PDF(s) written in {folder}</source>
        <translation>
            <numerusform>%n PDF de feuilles d&apos;ordres écrit dans {folder}</numerusform>
            <numerusform>%n PDF de feuilles d&apos;ordres écrits dans {folder}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n draft order(s) imported</source>
        <translation>
            <numerusform>%n brouillon d&apos;ordre importé</numerusform>
            <numerusform>%n brouillons d&apos;ordre importés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> from %n form(s)</source>
        <translation>
            <numerusform> depuis %n formulaire</numerusform>
            <numerusform> depuis %n formulaires</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) believed elsewhere</source>
        <translation>
            <numerusform>%n unité crue ailleurs</numerusform>
            <numerusform>%n unités crues ailleurs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with no news</source>
        <translation>
            <numerusform>%n sans nouvelles</numerusform>
            <numerusform>%n sans nouvelles</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CourierPanel</name>
    <message>
        <source>Dispatch from</source>
        <translation>Dépêche de</translation>
    </message>
    <message>
        <source>Dispatch to</source>
        <translation>Dépêche à</translation>
    </message>
    <message>
        <source>The dispatch as written</source>
        <translation>La dépêche telle qu&apos;écrite</translation>
    </message>
    <message>
        <source>Dispatch text</source>
        <translation>Texte de la dépêche</translation>
    </message>
    <message>
        <source>direct</source>
        <translation>directe</translation>
    </message>
    <message>
        <source>down the chain</source>
        <translation>par la voie hiérarchique</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Itinéraire</translation>
    </message>
    <message>
        <source>delay: by distance</source>
        <translation>délai : selon la distance</translation>
    </message>
    <message>
        <source> bounds</source>
        <translation> bonds</translation>
    </message>
    <message>
        <source>Delay in bounds (0: by distance)</source>
        <translation>Délai en bonds (0 : selon la distance)</translation>
    </message>
    <message>
        <source>&amp;Write dispatch</source>
        <translation>É&amp;crire la dépêche</translation>
    </message>
    <message>
        <source>Write the dispatch in the open bound (Enter in the text)</source>
        <translation>Écrire la dépêche dans le bond ouvert (Entrée dans le texte)</translation>
    </message>
    <message>
        <source>Courier ledger</source>
        <translation>Registre des courriers</translation>
    </message>
    <message>
        <source>Dispatch to {to}</source>
        <translation>Dépêche à {to}</translation>
    </message>
</context>
<context>
    <name>Crash</name>
    <message>
        <source>The details could not be written to a file.</source>
        <translation>Les détails n&apos;ont pas pu être écrits dans un fichier.</translation>
    </message>
    <message>
        <source>The details are in {path}.</source>
        <translation>Les détails sont dans {path}.</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Une erreur est survenue</translation>
    </message>
    <message>
        <source>The desk hit an unexpected error ({error}). Your campaign is safe: every change is saved as it is made. {where}</source>
        <translation>Le programme a rencontré une erreur inattendue ({error}). Votre campagne est intacte : chaque modification est enregistrée dès qu&apos;elle est faite. {where}</translation>
    </message>
</context>
<context>
    <name>Dialogs</name>
    <message>
        <source>backup</source>
        <translation>sauvegarde</translation>
    </message>
    <message>
        <source>and {n} more</source>
        <translation>et {n} autres</translation>
    </message>
    <message>
        <source>Overrule the rules?</source>
        <translation>Passer outre aux règles ?</translation>
    </message>
    <message>
        <source>The rules refuse {unit}&apos;s order:
{errors}

Give the reason to overrule them (it is kept in the journal):</source>
        <translation>Les règles refusent l&apos;ordre de {unit} :
{errors}

Indiquez la raison de passer outre (elle est conservée au journal) :</translation>
    </message>
    <message>
        <source>Words and fields disagree</source>
        <translation>Le texte et les champs ne s&apos;accordent pas</translation>
    </message>
    <message>
        <source>The order of {unit} as written asks for what its fields do not say.</source>
        <translation>L&apos;ordre écrit de {unit} demande ce que ses champs ne disent pas.</translation>
    </message>
    <message>
        <source>Use the &amp;words</source>
        <translation>Suivre le &amp;texte</translation>
    </message>
    <message>
        <source>Keep the &amp;fields</source>
        <translation>Garder les &amp;champs</translation>
    </message>
    <message>
        <source>idled by the umpire</source>
        <translation>mis au repos par l&apos;arbitre</translation>
    </message>
    <message>
        <source>Idle a command</source>
        <translation>Mettre un commandement au repos</translation>
    </message>
    <message>
        <source>{command} does nothing more this turn (BOW-F3).

Why? (kept in the journal)</source>
        <translation>{command} ne fait plus rien ce tour-ci (BOW-F3).

Pourquoi ? (conservé au journal)</translation>
    </message>
    <message>
        <source>Typed but not saved (save them first, or these units close without that order): {names}</source>
        <translation>Saisis mais non enregistrés (enregistrez-les d&apos;abord, sinon ces unités passent la clôture sans cet ordre) : {names}</translation>
    </message>
    <message>
        <source>Drafts not saved as orders (from a filled sheet or a dispatch): the close does not apply them, and these units follow the no-order setting: {names}. Close all the same?</source>
        <translation>Brouillons non enregistrés comme ordres (d’une feuille remplie ou d’une dépêche) : la clôture ne les applique pas, et ces unités suivent le réglage sans ordre : {names}. Clore quand même ?</translation>
    </message>
    <message>
        <source>Moved under the LIMs (the close applies the moves recorded):</source>
        <translation>Déplacées sous les LIM (la clôture applique les mouvements notés) :</translation>
    </message>
    <message>
        <source>1 order overrules the rules:</source>
        <translation>1 ordre passe outre aux règles :</translation>
    </message>
    <message>
        <source>{count} orders overrule the rules:</source>
        <translation>{count} ordres passent outre aux règles :</translation>
    </message>
    <message>
        <source>Close the bound</source>
        <translation>Clore le bond</translation>
    </message>
    <message>
        <source>Units still to move</source>
        <translation>Unités encore à déplacer</translation>
    </message>
    <message>
        <source>A reason is needed to overrule the rules; Cancel leaves the order unsaved.</source>
        <translation>Il faut une raison pour passer outre aux règles ; Annuler laisse l’ordre non enregistré.</translation>
    </message>
    <message>
        <source>Under {lim}, these units are ordered to move and have no move recorded:
{units}

Draw the next LIM all the same?</source>
        <translation>Sous {lim}, ces unités ont l&apos;ordre de bouger et aucun mouvement noté :
{units}

Tirer quand même le LIM suivant ?</translation>
    </message>
    <message>
        <source>Reinforcements due in bound {n}: {names}</source>
        <translation>Renforts attendus au bond {n} : {names}</translation>
    </message>
    <message>
        <source>{count} dispatches arrive in bound {n} and become their recipients&apos; orders:</source>
        <translation>{count} dépêches arrivent au bond {n} et deviennent les ordres de leurs destinataires :</translation>
    </message>
    <message>
        <source>A move already recorded</source>
        <translation>Un mouvement déjà enregistré</translation>
    </message>
    <message>
        <source>{refusal}

Replace the move of {unit}?</source>
        <translation>{refusal}

Remplacer le mouvement de {unit} ?</translation>
    </message>
    <message>
        <source>That work will be discarded.</source>
        <translation>Ce travail sera abandonné.</translation>
    </message>
    <message>
        <source>Reopen the last bound</source>
        <translation>Rouvrir le dernier bond</translation>
    </message>
    <message>
        <source>Reopen bound {n}? Its close is undone exactly: the states it carried are removed and bound {n} is open again.</source>
        <translation>Rouvrir le bond {n} ? Sa clôture est annulée à l&apos;identique : les états qu&apos;elle a reportés sont retirés et le bond {n} est de nouveau ouvert.</translation>
    </message>
    <message>
        <source>Secret note</source>
        <translation>Note secrète</translation>
    </message>
    <message>
        <source>A note on {unit}, seen only by you and the chief umpire. It is never printed, sent or shown to the players. Ctrl+Enter keeps it.</source>
        <translation>Une note sur {unit}, vue seulement par vous et l&apos;arbitre en chef. Elle n&apos;est jamais imprimée, envoyée ni montrée aux joueurs. Ctrl+Entrée la garde.</translation>
    </message>
    <message>
        <source>Backups</source>
        <translation>Sauvegardes</translation>
    </message>
    <message>
        <source>No backups yet. One is taken before every bound is closed.</source>
        <translation>Aucune sauvegarde pour l&apos;instant. Une sauvegarde est faite avant chaque clôture de bond.</translation>
    </message>
    <message>
        <source>Restore a backup</source>
        <translation>Restaurer une sauvegarde</translation>
    </message>
    <message>
        <source>Backups, newest first:</source>
        <translation>Sauvegardes, de la plus récente à la plus ancienne :</translation>
    </message>
    <message>
        <source>Place on map</source>
        <translation>Placer sur la carte</translation>
    </message>
    <message>
        <source>Not on the map yet:</source>
        <translation>Pas encore sur la carte :</translation>
    </message>
    <message>
        <source>Revoke the link</source>
        <translation>Révoquer le lien</translation>
    </message>
    <message>
        <source>Revoke {player}&apos;s link? Their page stops opening at once; Reissue gives them a new link later.</source>
        <translation>Révoquer le lien de {player} ? Sa page cesse aussitôt de s’ouvrir ; Renouveler lui donnera plus tard un nouveau lien.</translation>
    </message>
    <message>
        <source>Restore the backup</source>
        <translation>Restaurer la sauvegarde</translation>
    </message>
    <message>
        <source>Put the backup {backup} in place of the campaign?

The campaign is closed, backed up as it is now, replaced and opened again. What was done since the backup is only in that safety backup.</source>
        <translation>Mettre la sauvegarde {backup} à la place de la campagne ?

La campagne est fermée, sauvegardée telle quelle, remplacée puis rouverte. Ce qui a été fait depuis la sauvegarde ne se trouve plus que dans cette sauvegarde de sécurité.</translation>
    </message>
    <message>
        <source>… and {more} more</source>
        <translation>… et {more} autres</translation>
    </message>
    <message>
        <source>Restore 1 unsaved order?</source>
        <translation>Restaurer 1 ordre non enregistré ?</translation>
    </message>
    <message>
        <source>This order was typed but not saved when the desk last had this campaign open:
{names}

Restoring puts it back on the form; nothing is saved until you save it.</source>
        <translation>Cet ordre a été saisi mais pas enregistré lors de la dernière ouverture de cette campagne :
{names}

La restauration le remet dans le formulaire ; rien n&apos;est enregistré tant que vous ne l&apos;enregistrez pas.</translation>
    </message>
    <message>
        <source>Restore {count} unsaved orders?</source>
        <translation>Restaurer {count} ordres non enregistrés ?</translation>
    </message>
    <message>
        <source>These orders were typed but not saved when the desk last had this campaign open:
{names}

Restoring puts them back on the form; nothing is saved until you save it.</source>
        <translation>Ces ordres ont été saisis mais pas enregistrés lors de la dernière ouverture de cette campagne :
{names}

La restauration les remet dans le formulaire ; rien n&apos;est enregistré tant que vous ne les enregistrez pas.</translation>
    </message>
    <message>
        <source>Unsaved orders</source>
        <translation>Ordres non enregistrés</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>&amp;Restaurer</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Abandonner</translation>
    </message>
    <message>
        <source>Changed by another umpire</source>
        <translation>Modifié par un autre arbitre</translation>
    </message>
    <message>
        <source>Reload to see the other umpire&apos;s change? What you entered here that was not saved is dropped.</source>
        <translation>Recharger pour voir la modification de l&apos;autre arbitre ? Ce que vous avez saisi ici sans l&apos;enregistrer est perdu.</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Recharger</translation>
    </message>
    <message>
        <source>Not done</source>
        <translation>Non effectué</translation>
    </message>
    <message>
        <source>Late, no orders returned: {names}</source>
        <translation>En retard, aucun ordre rendu : {names}</translation>
    </message>
</context>
<context>
    <name>EventDialog</name>
    <message>
        <source>&lt;b&gt;{event}&lt;/b&gt;{clause} for {unit}</source>
        <translation>&lt;b&gt;{event}&lt;/b&gt;{clause} pour {unit}</translation>
    </message>
</context>
<context>
    <name>FieldEditors</name>
    <message>
        <source>{label} (default)</source>
        <translation>{label} (par défaut)</translation>
    </message>
    <message>
        <source>{choice} — not for {who}</source>
        <translation>{choice} — pas pour {who}</translation>
    </message>
    <message>
        <source>The rules refuse {choice} to {who}: the findings say which clause. You may still overrule them.</source>
        <translation>Les règles refusent {choice} à {who} : les constats indiquent l&apos;article. Vous pouvez tout de même passer outre.</translation>
    </message>
</context>
<context>
    <name>FieldRows</name>
    <message>
        <source>{arrow} Fewer fields ({key})</source>
        <translation>{arrow} Moins de champs ({key})</translation>
    </message>
    <message>
        <source>{arrow} More fields: {n} rarely used ({key})</source>
        <translation>{arrow} Plus de champs : {n} peu utilisés ({key})</translation>
    </message>
</context>
<context>
    <name>FileController</name>
    <message>
        <source>New campaign file</source>
        <translation>Nouveau fichier de campagne</translation>
    </message>
    <message>
        <source>Open campaign</source>
        <translation>Ouvrir une campagne</translation>
    </message>
    <message>
        <source>Save a copy</source>
        <translation>Enregistrer une copie</translation>
    </message>
    <message>
        <source>A campaign on a database server is copied with the server&apos;s own tools (pg_dump).</source>
        <translation>Une campagne sur un serveur de base de données se copie avec les outils du serveur (pg_dump).</translation>
    </message>
    <message>
        <source>Save a copy as</source>
        <translation>Enregistrer une copie sous</translation>
    </message>
    <message>
        <source>Backups</source>
        <translation>Sauvegardes</translation>
    </message>
    <message>
        <source>Only a campaign file opened for writing is restored here (a server database: its own tools).</source>
        <translation>Seul un fichier de campagne ouvert en écriture se restaure ici (une base sur serveur : avec ses propres outils).</translation>
    </message>
    <message>
        <source>Save the PDF</source>
        <translation>Enregistrer le PDF</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Writing {file}…</source>
        <translation>Écriture de {file}…</translation>
    </message>
</context>
<context>
    <name>FindingsModel</name>
    <message>
        <source>[house rule]</source>
        <translation>[règle maison]</translation>
    </message>
</context>
<context>
    <name>FormReviewDialog</name>
    <message>
        <source>draft</source>
        <translation>brouillon</translation>
    </message>
    <message>
        <source>Filled forms imported</source>
        <translation>Formulaires remplis importés</translation>
    </message>
    <message numerus="yes">
        <source>%n draft order(s) written for bound {bound}. Review them in the order table: each is a draft until you save it.</source>
        <translation>
            <numerusform>%n brouillon d&apos;ordre écrit pour le bond {bound}. Relisez-le dans le tableau des ordres : il reste un brouillon tant que vous ne l&apos;enregistrez pas.</numerusform>
            <numerusform>%n brouillons d&apos;ordres écrits pour le bond {bound}. Relisez-les dans le tableau des ordres : chacun reste un brouillon tant que vous ne l&apos;enregistrez pas.</numerusform>
        </translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Ordre</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Left blank: {units}</source>
        <translation>Laissés vides : {units}</translation>
    </message>
    <message>
        <source>Kept as typed at the desk: {units}</source>
        <translation>Gardés tels que saisis au bureau : {units}</translation>
    </message>
    <message>
        <source>Sent by courier: {units}</source>
        <translation>Envoyés par courrier : {units}</translation>
    </message>
</context>
<context>
    <name>HexDialog</name>
    <message>
        <source>Calibrate the hex grid</source>
        <translation>Étalonner la grille d&apos;hexagones</translation>
    </message>
    <message>
        <source>Three hex centres that make a triangle, in the image&apos;s pixels, and the number printed in each hex.</source>
        <translation>Trois centres d&apos;hexagone formant un triangle, en pixels de l&apos;image, et le numéro imprimé dans chaque hexagone.</translation>
    </message>
    <message>
        <source>Hex numbers look like {example}.</source>
        <translation>Les numéros d&apos;hexagone s&apos;écrivent comme {example}.</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>y</source>
        <translation>y</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>Hexagone</translation>
    </message>
    <message>
        <source>Centre &amp;{n}</source>
        <translation>Centre &amp;{n}</translation>
    </message>
    <message>
        <source>Centre {n}, x</source>
        <translation>Centre {n}, x</translation>
    </message>
    <message>
        <source>Pixels from the image&apos;s left edge</source>
        <translation>Pixels depuis le bord gauche de l&apos;image</translation>
    </message>
    <message>
        <source>Centre {n}, y</source>
        <translation>Centre {n}, y</translation>
    </message>
    <message>
        <source>Pixels from the image&apos;s top edge</source>
        <translation>Pixels depuis le bord supérieur de l&apos;image</translation>
    </message>
    <message>
        <source>Centre {n}, hex number</source>
        <translation>Centre {n}, numéro d&apos;hexagone</translation>
    </message>
    <message>
        <source>The number printed in that hex</source>
        <translation>Le numéro imprimé dans cet hexagone</translation>
    </message>
</context>
<context>
    <name>HiddenLimKeys</name>
    <message>
        <source>Chits in the cup</source>
        <translation>Pions dans le gobelet</translation>
    </message>
    <message>
        <source>Pulled from the cup:</source>
        <translation>Tiré du gobelet :</translation>
    </message>
    <message>
        <source>{activation} — may move: {units}</source>
        <translation>{activation} — peuvent bouger : {units}</translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <source>Bound</source>
        <translation>Bond</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Formation</source>
        <translation>Formation</translation>
    </message>
    <message>
        <source>Disorder</source>
        <translation>Désordre</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Effectif</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Ordre</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>{text} — {umpire}</source>
        <translation>{text} — {umpire}</translation>
    </message>
</context>
<context>
    <name>Keys</name>
    <message>
        <source>next unit without an order, cursor in its order form</source>
        <translation>unité suivante sans ordre, curseur dans son formulaire d&apos;ordre</translation>
    </message>
    <message>
        <source>through the form&apos;s fields and choices (defaults are marked &quot;default&quot;)</source>
        <translation>parcourir les champs et les choix du formulaire (les valeurs par défaut sont marquées « par défaut »)</translation>
    </message>
    <message>
        <source>save the order and go to the next unit without one; an order the rules refuse asks for your reason to overrule them</source>
        <translation>enregistrer l&apos;ordre et passer à la prochaine unité sans ordre ; un ordre refusé par les règles demande votre raison de passer outre</translation>
    </message>
    <message>
        <source>set the fields to what the order as written asks for (the status line offers it; a hold, a halt, a charge or a square written at a field&apos;s default is set as you type); write and save a hold for the chosen unit</source>
        <translation>régler les champs sur ce que demande l&apos;ordre écrit (la barre d&apos;état le propose ; tenir, halte, charge ou carré écrits sont réglés à la frappe dans un champ resté par défaut) ; écrire et enregistrer un ordre de tenir pour l&apos;unité choisie</translation>
    </message>
    <message>
        <source>filter the order of battle and the order table (case and accents forgiven: &quot;bulow&quot; finds Bülow); Enter there goes to the first unit listed</source>
        <translation>filtrer l’ordre de bataille et le tableau des ordres (majuscules et accents indifférents : « bulow » trouve Bülow) ; Entrée y va à la première unité listée</translation>
    </message>
    <message>
        <source>the cursor in the order text, scrolled into view</source>
        <translation>le curseur dans le texte de l’ordre, rendu visible</translation>
    </message>
    <message>
        <source>the order form&apos;s rarely used fields (segment, direction, terrain, obstacles, manoeuvres, units passed through): shown, the cursor in the first; again: folded</source>
        <translation>les champs peu utilisés du formulaire d&apos;ordre (segment, direction, terrain, obstacles, manœuvres, unités traversées) : affichés, le curseur dans le premier ; à nouveau : repliés</translation>
    </message>
    <message>
        <source>the order table lists only the refused orders, only the drafts (again: every order); choose the state it lists</source>
        <translation>le tableau des ordres ne montre que les ordres refusés, que les brouillons (à nouveau : tous les ordres) ; choisir l&apos;état qu&apos;il montre</translation>
    </message>
    <message>
        <source>the casualties grid: the bound&apos;s losses of a command, typed down a column, recorded at once (one undo)</source>
        <translation>la grille des pertes : les pertes du bond d&apos;un commandement, tapées dans une colonne, enregistrées d&apos;un coup (une seule annulation)</translation>
    </message>
    <message>
        <source>record the in-bound event chosen in the unit panel</source>
        <translation>noter l&apos;événement du bond choisi dans le panneau de l&apos;unité</translation>
    </message>
    <message>
        <source>undo, redo any order, event, LIM step or move on the map</source>
        <translation>annuler, rétablir tout ordre, événement, étape de LIM ou déplacement sur la carte</translation>
    </message>
    <message>
        <source>close the bound (with a summary first), reopen the last one</source>
        <translation>clore le bond (après un résumé), rouvrir le dernier</translation>
    </message>
    <message>
        <source>the record of a closed bound: what every unit did, its moves and events, its state before → after</source>
        <translation>le relevé d&apos;un bond clos : ce qu&apos;a fait chaque unité, ses mouvements et événements, son état avant → après</translation>
    </message>
    <message>
        <source>look at an earlier bound (read-only), back to the current one</source>
        <translation>revoir un bond antérieur (lecture seule), revenir au bond courant</translation>
    </message>
    <message>
        <source>Battles of Waterloo: build the turn&apos;s LIM pool; go to the cup, where Enter records the chit chosen as pulled out (the cup hidden: its chits listed over the map); let the desk draw</source>
        <translation>Battles of Waterloo : constituer la réserve de LIM du tour ; aller au gobelet, où Entrée note le pion choisi comme tiré (gobelet masqué : ses pions listés sur la carte) ; laisser le bureau tirer</translation>
    </message>
    <message>
        <source>Battles of Waterloo: record the activation roll typed, or let the desk roll</source>
        <translation>Battles of Waterloo : noter le jet d&apos;activation saisi, ou laisser le bureau lancer le dé</translation>
    </message>
    <message>
        <source>Battles of Waterloo: record the chosen unit&apos;s move under the current activation</source>
        <translation>Battles of Waterloo : noter le mouvement de l&apos;unité choisie sous l&apos;activation en cours</translation>
    </message>
    <message>
        <source>print order sheets (one dialog: sides, commands, blank, filled or the umpire&apos;s copy; PDFs in a folder), the quick-reference chart, the bound report</source>
        <translation>imprimer les feuilles d’ordres (un seul dialogue : camps, commandements, vierges, remplies ou copie de l’arbitre ; PDF dans un dossier), l’aide-mémoire, le rapport du bond</translation>
    </message>
    <message>
        <source>the battle&apos;s losses report: by side, command and bound, with a chart of each side&apos;s strength (PDF)</source>
        <translation>le rapport des pertes de la bataille : par camp, commandement et bond, avec un graphique des effectifs de chaque camp (PDF)</translation>
    </message>
    <message>
        <source>import filled PDF order forms: their orders become drafts to review</source>
        <translation>importer des formulaires d’ordres PDF remplis : leurs ordres deviennent des brouillons à revoir</translation>
    </message>
    <message>
        <source>the campaign view (battles, each unit&apos;s strength across them), a new battle, end the battle (each unit&apos;s result reviewed first), what changed between two bounds</source>
        <translation>la vue de la campagne (batailles, effectif de chaque unité de l’une à l’autre), une nouvelle bataille, finir la bataille (le résultat de chaque unité revu d’abord), ce qui a changé entre deux bonds</translation>
    </message>
    <message>
        <source>the claims: claim the chosen unit&apos;s command or side, or the LIM cup; release; the chief takes one over with a reason</source>
        <translation>les réservations : réserver le commandement ou le camp de l&apos;unité choisie, ou le gobelet des LIM ; libérer ; l&apos;arbitre en chef en reprend une avec une raison</translation>
    </message>
    <message>
        <source>calibrate the map: click two points and give their distance, or click three hex centres and give their numbers; Esc cancels</source>
        <translation>étalonner la carte : cliquer deux points et donner leur distance, ou cliquer trois centres d&apos;hexagone et donner leurs numéros ; Échap annule</translation>
    </message>
    <message>
        <source>tick the enemy units a side saw in the open bound; save a side&apos;s view of the map (or the umpire&apos;s) as a PDF or PNG</source>
        <translation>cocher les unités ennemies qu&apos;un camp a vues dans le bond ouvert ; enregistrer la vue de la carte d&apos;un camp (ou de l&apos;arbitre) en PDF ou PNG</translation>
    </message>
    <message>
        <source>the courier ledger: write a dispatch (Enter), follow each one&apos;s fate; again to hide it</source>
        <translation>le registre des courriers : écrire une dépêche (Entrée), suivre le sort de chacune ; à nouveau pour le masquer</translation>
    </message>
    <message>
        <source>hide or bring back the order of battle (with the LIM cup), the order form, the LIM activation; remembered for each rules system</source>
        <translation>masquer ou réafficher l&apos;ordre de bataille (avec le gobelet des LIM), le formulaire d&apos;ordre, l&apos;activation des LIM ; retenu pour chaque système de règles</translation>
    </message>
    <message>
        <source>the map alone in the window (again: the panels back as they were); the map in a window of its own, for a second screen (again: closed)</source>
        <translation>la carte seule dans la fenêtre (à nouveau : les panneaux reviennent comme avant) ; la carte dans une fenêtre à part, pour un second écran (à nouveau : fermée)</translation>
    </message>
    <message>
        <source>on the map: choose the next or previous unit and centre it (the form shows its order and state; F2 writes it); the arrow keys then move it (to the touching hex on a hex map; Shift for a finer step), Enter records the move, Escape puts it back</source>
        <translation>sur la carte : choisir l&apos;unité suivante ou précédente et la centrer (le formulaire montre son ordre et son état ; F2 l&apos;écrit) ; les touches fléchées la déplacent alors (à l&apos;hexagone voisin sur une carte à hexagones ; Maj pour un pas plus fin), Entrée enregistre le déplacement, Échap la remet en place</translation>
    </message>
    <message>
        <source>on the map: turn the chosen unit anticlockwise or clockwise (15 degrees; a hex side on a hex map); Enter records the facing with the move, Escape turns it back</source>
        <translation>sur la carte : tourner l&apos;unité choisie vers la gauche ou vers la droite (15 degrés ; un côté d&apos;hexagone sur une carte à hexagones) ; Entrée enregistre l&apos;orientation avec le déplacement, Échap la remet comme avant</translation>
    </message>
    <message>
        <source>place the chosen unit on the map, or one of the units and leaders not on it yet, in the middle of the map&apos;s view (or drag a unit from the order of battle onto the map)</source>
        <translation>placer l&apos;unité choisie sur la carte, ou l&apos;une des unités et l&apos;un des chefs qui n&apos;y sont pas encore, au milieu de la vue de la carte (ou faire glisser une unité de l&apos;ordre de bataille sur la carte)</translation>
    </message>
    <message>
        <source>the rules&apos; clause of the chosen finding (or search the clauses)</source>
        <translation>l&apos;article des règles du constat choisi (ou chercher parmi les articles)</translation>
    </message>
    <message>
        <source>the table of keys (Help, Keys)</source>
        <translation>le tableau des touches (Aide, Touches)</translation>
    </message>
    <message>
        <source>arrow keys</source>
        <translation>touches fléchées</translation>
    </message>
</context>
<context>
    <name>KeysDialog</name>
    <message>
        <source>Keys — Umpire&apos;s Desk</source>
        <translation>Touches — Umpire&apos;s Desk</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Touches</translation>
    </message>
    <message>
        <source>What they do</source>
        <translation>Ce qu&apos;elles font</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>The language changes at the next start of the desk.</source>
        <translation>La langue change au prochain démarrage du programme.</translation>
    </message>
</context>
<context>
    <name>LedgerModel</name>
    <message>
        <source>No.</source>
        <translation>N°</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>Bond</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>From</source>
        <translation>De</translation>
    </message>
    <message>
        <source>To</source>
        <translation>À</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texte</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
</context>
<context>
    <name>LimOperations</name>
    <message>
        <source>Build the LIM pool of turn {turn}</source>
        <translation>Constituer la réserve de LIM du tour {turn}</translation>
    </message>
    <message>
        <source>Draw LIM {n}: {lim}</source>
        <translation>Tirage du LIM {n} : {lim}</translation>
    </message>
    <message>
        <source>Orders LIM option: {option}</source>
        <translation>Option du LIM d&apos;ordres : {option}</translation>
    </message>
    <message>
        <source>Activation roll {roll}</source>
        <translation>Jet d&apos;activation {roll}</translation>
    </message>
    <message>
        <source>Idle a command</source>
        <translation>Mettre un commandement au repos</translation>
    </message>
    <message>
        <source>Initiative&apos;s choice: {lim}</source>
        <translation>Choix de l&apos;initiative : {lim}</translation>
    </message>
    <message>
        <source>Move {unit} under LIM {n}</source>
        <translation>Mouvement de {unit} sous le LIM {n}</translation>
    </message>
</context>
<context>
    <name>LimPanel</name>
    <message>
        <source>Operations phase</source>
        <translation>Phase d&apos;opérations</translation>
    </message>
    <message>
        <source>No LIM phase</source>
        <translation>Phase sans LIM</translation>
    </message>
    <message>
        <source>Out of Command phase</source>
        <translation>Phase hors commandement</translation>
    </message>
    <message>
        <source>move one unit (BOW-3)</source>
        <translation>déplacer une unité (BOW-3)</translation>
    </message>
    <message>
        <source>activate one command (BOW-4/5)</source>
        <translation>activer un commandement (BOW-4/5)</translation>
    </message>
    <message>
        <source>move leaders (BOW-11)</source>
        <translation>déplacer les chefs (BOW-11)</translation>
    </message>
    <message>
        <source>Build pool</source>
        <translation>Constituer</translation>
    </message>
    <message>
        <source>Put every LIM of the turn into the pool</source>
        <translation>Mettre tous les LIM du tour dans la réserve</translation>
    </message>
    <message>
        <source>&amp;Pulled from cup</source>
        <translation>&amp;Tiré du gobelet</translation>
    </message>
    <message>
        <source>Record the chit chosen in the cup as the one pulled out at the table; the key goes to the cup, Enter there records the chit (Ctrl+L)</source>
        <translation>Noter le pion choisi dans le gobelet comme celui tiré à la table ; la touche mène au gobelet, Entrée y note le pion (Ctrl+L)</translation>
    </message>
    <message>
        <source>Initiative&apos;s choice</source>
        <translation>Choix de l&apos;initiative</translation>
    </message>
    <message>
        <source>Record the chit chosen in the cup as the initiative winner&apos;s first choice</source>
        <translation>Noter le pion choisi dans le gobelet comme premier choix du vainqueur de l&apos;initiative</translation>
    </message>
    <message>
        <source>Desk draws</source>
        <translation>Le bureau tire</translation>
    </message>
    <message>
        <source>Let the desk draw the next LIM from the pool (seeded)</source>
        <translation>Laisser le bureau tirer le LIM suivant de la réserve (tirage à graine)</translation>
    </message>
    <message>
        <source>Record the d10 activation roll typed for the command (BOW-F1)</source>
        <translation>Noter le jet d&apos;activation au d10 saisi pour le commandement (BOW-F1)</translation>
    </message>
    <message>
        <source>Desk rolls</source>
        <translation>Le bureau lance</translation>
    </message>
    <message>
        <source>Let the desk roll the command&apos;s activation d10 (seeded, BOW-F1)</source>
        <translation>Laisser le bureau lancer le d10 d&apos;activation du commandement (à graine, BOW-F1)</translation>
    </message>
    <message>
        <source>Record the option taken for the Orders LIM (BOW-11)</source>
        <translation>Noter l&apos;option prise pour le LIM d&apos;ordres (BOW-11)</translation>
    </message>
    <message>
        <source>The command does nothing more this turn (BOW-F3)</source>
        <translation>Le commandement ne fait plus rien ce tour-ci (BOW-F3)</translation>
    </message>
    <message>
        <source>hex</source>
        <translation>hex</translation>
    </message>
    <message>
        <source>Record move</source>
        <translation>Noter le mouvement</translation>
    </message>
    <message>
        <source>Record the chosen unit&apos;s move under this activation</source>
        <translation>Noter le mouvement de l&apos;unité choisie sous cette activation</translation>
    </message>
    <message>
        <source>Move:</source>
        <translation>Mouvement :</translation>
    </message>
    <message>
        <source>{n} LIMs are still in the cup: the No LIM phase begins only when every LIM of the turn is drawn (BOW-6).</source>
        <translation>{n} LIM sont encore dans la coupe : la phase sans LIM ne commence que lorsque tous les LIM du tour sont tirés (BOW-6).</translation>
    </message>
    <message>
        <source>Not allowed now: overrule with a reason</source>
        <translation>Pas permis maintenant : passer outre avec une raison</translation>
    </message>
    <message>
        <source>Take option</source>
        <translation>Prendre l&apos;option</translation>
    </message>
    <message>
        <source>Record roll</source>
        <translation>Noter le jet</translation>
    </message>
    <message>
        <source>Idle command</source>
        <translation>Mettre au repos</translation>
    </message>
    <message>
        <source>roll {roll} vs {rating}: activated</source>
        <translation>jet {roll} contre {rating} : activé</translation>
    </message>
    <message>
        <source>roll {roll} vs {rating}: failed</source>
        <translation>jet {roll} contre {rating} : échec</translation>
    </message>
    <message>
        <source>desk</source>
        <translation>bureau</translation>
    </message>
    <message>
        <source>initiative&apos;s choice</source>
        <translation>choix de l&apos;initiative</translation>
    </message>
    <message>
        <source>&lt;b&gt;LIM pool&lt;/b&gt; · none for this bound yet: build it</source>
        <translation>&lt;b&gt;Réserve de LIM&lt;/b&gt; · aucune pour ce bond : constituez-la</translation>
    </message>
    <message>
        <source>&lt;b&gt;LIM pool&lt;/b&gt; · turn {turn} · the cup is empty: &lt;b&gt;{phase}&lt;/b&gt;</source>
        <translation>&lt;b&gt;Réserve de LIM&lt;/b&gt; · tour {turn} · le gobelet est vide : &lt;b&gt;{phase}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;LIM pool&lt;/b&gt; · turn {turn} · {left} of {total} in the cup</source>
        <translation>&lt;b&gt;Réserve de LIM&lt;/b&gt; · tour {turn} · {left} sur {total} dans le gobelet</translation>
    </message>
    <message>
        <source>No LIM drawn yet: choose the chit pulled from the cup (Ctrl+L, Enter), or let the desk draw (Ctrl+Shift+G).</source>
        <translation>Aucun LIM tiré : choisissez le pion tiré du gobelet (Ctrl+L, Entrée), ou laissez le bureau tirer (Ctrl+Maj+G).</translation>
    </message>
    <message>
        <source>&lt;b&gt;Activation {n}: {lim}&lt;/b&gt;</source>
        <translation>&lt;b&gt;Activation {n} : {lim}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>command {command}</source>
        <translation>commandement {command}</translation>
    </message>
    <message>
        <source>option: {option}</source>
        <translation>option : {option}</translation>
    </message>
    <message>
        <source>Every LIM of the turn is drawn: {phase}.</source>
        <translation>Tous les LIM du tour sont tirés : {phase}.</translation>
    </message>
    <message>
        <source>Idle: {commands}</source>
        <translation>Au repos : {commands}</translation>
    </message>
    <message>
        <source>overruled</source>
        <translation>passé outre</translation>
    </message>
    <message>
        <source>Overruled: {reason}</source>
        <translation>Passé outre : {reason}</translation>
    </message>
    <message>
        <source>to move ({ordered} ordered)</source>
        <translation>à déplacer (ordre : {ordered})</translation>
    </message>
    <message>
        <source>{n} units stay: {why}</source>
        <translation>{n} unités restent : {why}</translation>
    </message>
    <message>
        <source>{n} units stay ({clauses}).</source>
        <translation>{n} unités restent ({clauses}).</translation>
    </message>
    <message>
        <source>Drawn, in order</source>
        <translation>Tirés, dans l&apos;ordre</translation>
    </message>
    <message>
        <source>Drawn: none yet</source>
        <translation>Tirés : aucun encore</translation>
    </message>
    <message>
        <source>In the cup ({n})</source>
        <translation>Dans le gobelet ({n})</translation>
    </message>
    <message>
        <source>Left out of the cup</source>
        <translation>Hors du gobelet</translation>
    </message>
    <message>
        <source>Choose the unit to move first: in the order table, on the map or in the activation table.</source>
        <translation>Choisissez d’abord l’unité à déplacer : dans la table des ordres, sur la carte ou dans la table d’activation.</translation>
    </message>
</context>
<context>
    <name>LiveChanges</name>
    <message>
        <source>The campaign&apos;s server cannot be reached: what you type is kept, and the desk keeps trying.</source>
        <translation>Le serveur de la campagne est injoignable : ce que vous tapez est gardé, et le bureau réessaie.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>{campaign} — Umpire&apos;s Desk — read-only</source>
        <translation>{campaign} — Umpire&apos;s Desk — lecture seule</translation>
    </message>
    <message>
        <source>{campaign} — Umpire&apos;s Desk</source>
        <translation>{campaign} — Umpire&apos;s Desk</translation>
    </message>
    <message>
        <source>Filter units and orders (Ctrl+F)</source>
        <translation>Filtrer unités et ordres (Ctrl+F)</translation>
    </message>
    <message>
        <source>Umpire: {name} ({role})</source>
        <translation>Arbitre : {name} ({role})</translation>
    </message>
    <message>
        <source>chief</source>
        <translation>en chef</translation>
    </message>
    <message>
        <source>sector</source>
        <translation>de secteur</translation>
    </message>
    <message numerus="yes">
        <source>{system} · bound {bound} · %n unit(s), {missing} without an order · {where}</source>
        <translation>
            <numerusform>{system} · bond {bound} · %n unité, {missing} sans ordre · {where}</numerusform>
            <numerusform>{system} · bond {bound} · %n unités, {missing} sans ordre · {where}</numerusform>
        </translation>
    </message>
    <message>
        <source> · the file changed outside this window at {time}</source>
        <translation> · le fichier a changé hors de cette fenêtre à {time}</translation>
    </message>
    <message>
        <source>bound {bound} opened</source>
        <translation>bond {bound} ouvert</translation>
    </message>
    <message>
        <source>the claims</source>
        <translation>les réservations</translation>
    </message>
    <message>
        <source> · {umpire} at {time}: {units}</source>
        <translation> · {umpire} à {time} : {units}</translation>
    </message>
    <message>
        <source>the campaign</source>
        <translation>la campagne</translation>
    </message>
    <message>
        <source>All sides</source>
        <translation>Tous les camps</translation>
    </message>
    <message>
        <source>No unit is listed: the filter, the side or the state shown hides every unit.</source>
        <translation>Aucune unité listée : le filtre, le camp ou l&apos;état montré cache toutes les unités.</translation>
    </message>
</context>
<context>
    <name>MapWindow</name>
    <message>
        <source>Map — {campaign}</source>
        <translation>Carte — {campaign}</translation>
    </message>
    <message>
        <source>Map board in its own window</source>
        <translation>Carte dans sa propre fenêtre</translation>
    </message>
</context>
<context>
    <name>MeanwhileNote</name>
    <message>
        <source>(no order: cancelled)</source>
        <translation>(pas d&apos;ordre : annulé)</translation>
    </message>
    <message>
        <source>(no order)</source>
        <translation>(pas d&apos;ordre)</translation>
    </message>
    <message>
        <source>another umpire</source>
        <translation>un autre arbitre</translation>
    </message>
    <message>
        <source>&lt;b&gt;Changed by {who} meanwhile.&lt;/b&gt; Theirs: “{words}”&lt;br&gt;Yours stays on the form: &lt;a href=&apos;mine&apos;&gt;Keep mine&lt;/a&gt; (saving replaces theirs) · &lt;a href=&apos;theirs&apos;&gt;Take theirs&lt;/a&gt;</source>
        <translation>&lt;b&gt;Modifié entre-temps par {who}.&lt;/b&gt; Le sien : « {words} »&lt;br&gt;Le vôtre reste sur le formulaire : &lt;a href=&apos;mine&apos;&gt;Garder le mien&lt;/a&gt; (enregistrer remplace le sien) · &lt;a href=&apos;theirs&apos;&gt;Prendre le sien&lt;/a&gt;</translation>
    </message>
</context>
<context>
    <name>MeasuredRow</name>
    <message>
        <source>Distance to the nearest closed opponent (cm)</source>
        <translation>Distance à l’adversaire en ordre serré le plus proche (cm)</translation>
    </message>
    <message>
        <source>Type a distance in cm to override the measured one</source>
        <translation>Tapez une distance en cm pour remplacer celle mesurée</translation>
    </message>
    <message>
        <source>measured: {working}</source>
        <translation>mesuré : {working}</translation>
    </message>
    <message>
        <source>typed by the umpire (overrides the measured value)</source>
        <translation>tapé par l’arbitre (remplace la valeur mesurée)</translation>
    </message>
</context>
<context>
    <name>Menus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;New campaign…</source>
        <translation>&amp;Nouvelle campagne…</translation>
    </message>
    <message>
        <source>Make a new campaign from a scenario or empty</source>
        <translation>Créer une campagne à partir d&apos;un scénario, ou vide</translation>
    </message>
    <message>
        <source>&amp;Open campaign…</source>
        <translation>&amp;Ouvrir une campagne…</translation>
    </message>
    <message>
        <source>Open another campaign file</source>
        <translation>Ouvrir un autre fichier de campagne</translation>
    </message>
    <message>
        <source>Recent campaigns</source>
        <translation>Campagnes récentes</translation>
    </message>
    <message>
        <source>Save a &amp;copy as…</source>
        <translation>Enregistrer une &amp;copie sous…</translation>
    </message>
    <message>
        <source>Write a copy of the campaign to a new file (to mail it)</source>
        <translation>Écrire une copie de la campagne dans un nouveau fichier (pour l&apos;envoyer)</translation>
    </message>
    <message>
        <source>&amp;Import order of battle…</source>
        <translation>&amp;Importer un ordre de bataille…</translation>
    </message>
    <message>
        <source>Import an order of battle (JSON) into a new campaign</source>
        <translation>Importer un ordre de bataille (JSON) dans une nouvelle campagne</translation>
    </message>
    <message>
        <source>&amp;Export order of battle…</source>
        <translation>&amp;Exporter l&apos;ordre de bataille…</translation>
    </message>
    <message>
        <source>Export the order of battle as JSON</source>
        <translation>Exporter l&apos;ordre de bataille en JSON</translation>
    </message>
    <message>
        <source>&amp;Add units from CSV…</source>
        <translation>&amp;Ajouter des unités depuis un CSV…</translation>
    </message>
    <message>
        <source>Add units from a spreadsheet (CSV) to this campaign, in the open bound</source>
        <translation>Ajouter à cette campagne des unités d&apos;un tableur (CSV), dans le bond ouvert</translation>
    </message>
    <message>
        <source>Export units as CS&amp;V…</source>
        <translation>Exporter les unités en CS&amp;V…</translation>
    </message>
    <message>
        <source>Write every unit as a CSV row for a spreadsheet</source>
        <translation>Écrire chaque unité comme une ligne CSV pour un tableur</translation>
    </message>
    <message>
        <source>Import &amp;filled forms…</source>
        <translation>Importer des &amp;formulaires remplis…</translation>
    </message>
    <message>
        <source>Read filled PDF order forms: their orders become drafts to review</source>
        <translation>Lire des formulaires d’ordres PDF remplis : leurs ordres deviennent des brouillons à revoir</translation>
    </message>
    <message>
        <source>&amp;Backups…</source>
        <translation>&amp;Sauvegardes…</translation>
    </message>
    <message>
        <source>Restore one of the campaign&apos;s backups (it is closed and opened again)</source>
        <translation>Restaurer une des sauvegardes de la campagne (elle est fermée puis rouverte)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>Close the desk</source>
        <translation>Fermer le programme</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>Undo the last order or state edit (Ctrl+Z)</source>
        <translation>Annuler le dernier ordre ou la dernière modification d&apos;état (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Redo what was undone (Ctrl+Shift+Z)</source>
        <translation>Rétablir ce qui a été annulé (Ctrl+Maj+Z)</translation>
    </message>
    <message>
        <source>&amp;Filter…</source>
        <translation>&amp;Filtrer…</translation>
    </message>
    <message>
        <source>Filter the order of battle and the order table</source>
        <translation>Filtrer l&apos;ordre de bataille et le tableau des ordres</translation>
    </message>
    <message>
        <source>&amp;Save order and next</source>
        <translation>&amp;Enregistrer l&apos;ordre et suivant</translation>
    </message>
    <message>
        <source>Save the order on the form and go to the next unit without one</source>
        <translation>Enregistrer l&apos;ordre du formulaire et passer à la prochaine unité sans ordre</translation>
    </message>
    <message>
        <source>&amp;Use the written words</source>
        <translation>Suivre le te&amp;xte écrit</translation>
    </message>
    <message>
        <source>Set the fields to what the order as written asks for</source>
        <translation>Régler les champs sur ce que demande l&apos;ordre écrit</translation>
    </message>
    <message>
        <source>&amp;Hold</source>
        <translation>&amp;Tenir</translation>
    </message>
    <message>
        <source>Write an order to hold where it stands for the chosen unit, and save it</source>
        <translation>Écrire un ordre de tenir sur place pour l&apos;unité choisie, et l&apos;enregistrer</translation>
    </message>
    <message>
        <source>&amp;Cancel order</source>
        <translation>Annu&amp;ler l&apos;ordre</translation>
    </message>
    <message>
        <source>Cancel the unit&apos;s order in the open bound</source>
        <translation>Annuler l&apos;ordre de l&apos;unité dans le bond ouvert</translation>
    </message>
    <message>
        <source>&amp;Next unit without order</source>
        <translation>Unité &amp;suivante sans ordre</translation>
    </message>
    <message>
        <source>Go to the next unit that has no order yet</source>
        <translation>Aller à la prochaine unité qui n&apos;a pas encore d&apos;ordre</translation>
    </message>
    <message>
        <source>Edit the &amp;order</source>
        <translation>Modifier l&apos;&amp;ordre</translation>
    </message>
    <message>
        <source>Put the cursor in the order form</source>
        <translation>Placer le curseur dans le formulaire d&apos;ordre</translation>
    </message>
    <message>
        <source>&amp;Language (from the next start)</source>
        <translation>La&amp;ngue (au prochain démarrage)</translation>
    </message>
    <message>
        <source>&amp;Unit</source>
        <translation>U&amp;nité</translation>
    </message>
    <message>
        <source>Record &amp;event…</source>
        <translation>Noter un &amp;événement…</translation>
    </message>
    <message>
        <source>Record an in-bound event against the unit (chosen in the unit panel)</source>
        <translation>Noter un événement du bond pour l&apos;unité (choisi dans le panneau de l&apos;unité)</translation>
    </message>
    <message>
        <source>&amp;Place on map…</source>
        <translation>&amp;Placer sur la carte…</translation>
    </message>
    <message>
        <source>Put the chosen unit, or a unit or leader not on the map yet, in the middle of the map; the arrow keys and Enter then move it</source>
        <translation>Mettre l&apos;unité choisie, ou une unité ou un chef pas encore sur la carte, au milieu de la carte ; les touches fléchées et Entrée la déplacent ensuite</translation>
    </message>
    <message>
        <source>&amp;Bound</source>
        <translation>&amp;Bond</translation>
    </message>
    <message>
        <source>&amp;Close bound…</source>
        <translation>&amp;Clore le bond…</translation>
    </message>
    <message>
        <source>Close the open bound and carry every unit&apos;s state into the next</source>
        <translation>Clore le bond ouvert et reporter l&apos;état de chaque unité au suivant</translation>
    </message>
    <message>
        <source>&amp;Reopen last bound…</source>
        <translation>&amp;Rouvrir le dernier bond…</translation>
    </message>
    <message>
        <source>Undo the last close exactly and open that bound again</source>
        <translation>Annuler à l&apos;identique la dernière clôture et rouvrir ce bond</translation>
    </message>
    <message>
        <source>Record of a closed &amp;bound…</source>
        <translation>Relevé d&apos;un &amp;bond clos…</translation>
    </message>
    <message>
        <source>What every unit did in a closed bound: its order or what it did without one, moves, events, state before → after</source>
        <translation>Ce qu&apos;a fait chaque unité pendant un bond clos : son ordre ou ce qu&apos;elle a fait sans ordre, mouvements, événements, état avant → après</translation>
    </message>
    <message>
        <source>Casualties &amp;grid…</source>
        <translation>&amp;Grille des pertes…</translation>
    </message>
    <message>
        <source>Type a column of casualties and new states for a side or command, recorded as one undo step</source>
        <translation>Saisir une colonne de pertes et de nouveaux états pour un camp ou un commandement, enregistrée en une seule étape d’annulation</translation>
    </message>
    <message>
        <source>Show &amp;previous bound</source>
        <translation>Afficher le bond &amp;précédent</translation>
    </message>
    <message>
        <source>Show the bound before, read-only</source>
        <translation>Afficher le bond d&apos;avant, en lecture seule</translation>
    </message>
    <message>
        <source>Show &amp;next bound</source>
        <translation>Afficher le bond &amp;suivant</translation>
    </message>
    <message>
        <source>Show the bound after</source>
        <translation>Afficher le bond d&apos;après</translation>
    </message>
    <message>
        <source>Show the c&amp;urrent bound</source>
        <translation>Afficher le bond co&amp;urant</translation>
    </message>
    <message>
        <source>Back to the bound being played</source>
        <translation>Revenir au bond en cours de jeu</translation>
    </message>
    <message>
        <source>&amp;Campaign</source>
        <translation>&amp;Campagne</translation>
    </message>
    <message>
        <source>Campaign &amp;view…</source>
        <translation>&amp;Vue de la campagne…</translation>
    </message>
    <message>
        <source>The battles of the campaign and each unit&apos;s strength across them; new battle, end battle</source>
        <translation>Les batailles de la campagne et l’effectif de chaque unité de l’une à l’autre ; nouvelle bataille, fin de bataille</translation>
    </message>
    <message>
        <source>&amp;New battle…</source>
        <translation>&amp;Nouvelle bataille…</translation>
    </message>
    <message>
        <source>Start a battle from the campaign order of battle</source>
        <translation>Commencer une bataille à partir de l’ordre de bataille de la campagne</translation>
    </message>
    <message>
        <source>&amp;End battle…</source>
        <translation>&amp;Finir la bataille…</translation>
    </message>
    <message>
        <source>Close the open bound, review each unit&apos;s losses and recovery, end the battle</source>
        <translation>Clore le bond ouvert, revoir les pertes et la récupération de chaque unité, finir la bataille</translation>
    </message>
    <message>
        <source>Bound &amp;diff…</source>
        <translation>&amp;Différences entre bonds…</translation>
    </message>
    <message>
        <source>What changed for which unit between two bounds</source>
        <translation>Ce qui a changé pour chaque unité entre deux bonds</translation>
    </message>
    <message>
        <source>C&amp;laims…</source>
        <translation>&amp;Réservations…</translation>
    </message>
    <message>
        <source>The battle&apos;s claims: claim the chosen unit&apos;s command or side, or the LIM cup; release one; the chief takes one over with a reason</source>
        <translation>Les réservations de la bataille : réserver le commandement ou le camp de l&apos;unité choisie, ou le gobelet des LIM ; en libérer une ; l&apos;arbitre en chef en reprend une avec une raison</translation>
    </message>
    <message>
        <source>P&amp;layers</source>
        <translation>&amp;Joueurs</translation>
    </message>
    <message>
        <source>Players&apos; &amp;pages…</source>
        <translation>Pages des &amp;joueurs…</translation>
    </message>
    <message>
        <source>Serve each player&apos;s own page (situation, map, orders form) to their browser; issue, reissue or revoke their links</source>
        <translation>Servir à chaque joueur sa propre page (situation, carte, formulaire d’ordres) dans son navigateur ; donner, renouveler ou révoquer leurs liens</translation>
    </message>
    <message>
        <source>Show orders by s&amp;tate…</source>
        <translation>Montrer les ordres par é&amp;tat…</translation>
    </message>
    <message>
        <source>&amp;Print</source>
        <translation>&amp;Imprimer</translation>
    </message>
    <message>
        <source>&amp;Order sheets…</source>
        <translation>Feuilles d&apos;&amp;ordres…</translation>
    </message>
    <message>
        <source>Print order sheets: sides, commands, blank or filled, the umpire&apos;s copy (PDFs in a folder)</source>
        <translation>Imprimer les feuilles d’ordres : camps, commandements, vierges ou remplies, copie de l’arbitre (PDF dans un dossier)</translation>
    </message>
    <message>
        <source>Quick-reference &amp;chart…</source>
        <translation>&amp;Tableau de référence rapide…</translation>
    </message>
    <message>
        <source>Print the rules&apos; quick-reference chart (PDF)</source>
        <translation>Imprimer le tableau de référence rapide des règles (PDF)</translation>
    </message>
    <message>
        <source>Bound &amp;report…</source>
        <translation>&amp;Rapport du bond…</translation>
    </message>
    <message>
        <source>Print the umpire&apos;s report of the shown bound (PDF)</source>
        <translation>Imprimer le rapport de l&apos;arbitre pour le bond affiché (PDF)</translation>
    </message>
    <message>
        <source>&amp;Losses report…</source>
        <translation>Rapport des &amp;pertes…</translation>
    </message>
    <message>
        <source>Print the battle&apos;s losses by side, command and bound, with a chart of each side&apos;s strength (PDF)</source>
        <translation>Imprimer les pertes de la bataille par camp, commandement et bond, avec un graphique des effectifs de chaque camp (PDF)</translation>
    </message>
    <message>
        <source>M&amp;ap</source>
        <translation>Ca&amp;rte</translation>
    </message>
    <message>
        <source>Calibrate the &amp;scale…</source>
        <translation>É&amp;talonner l&apos;échelle…</translation>
    </message>
    <message>
        <source>Click two points of the map and give the distance between them</source>
        <translation>Cliquer deux points de la carte et donner la distance entre eux</translation>
    </message>
    <message>
        <source>Calibrate the &amp;hex grid…</source>
        <translation>Étalonner la grille d&apos;&amp;hexagones…</translation>
    </message>
    <message>
        <source>Click three hex centres and give their numbers</source>
        <translation>Cliquer trois centres d&apos;hexagone et donner leurs numéros</translation>
    </message>
    <message>
        <source>Mark enemy units s&amp;een…</source>
        <translation>Marquer les unités ennemies &amp;vues…</translation>
    </message>
    <message>
        <source>Tick the enemy units a side saw in the open bound (its map view shows only those)</source>
        <translation>Cocher les unités ennemies qu&apos;un camp a vues dans le bond ouvert (sa vue de la carte ne montre qu&apos;elles)</translation>
    </message>
    <message>
        <source>Save map &amp;view…</source>
        <translation>Enregistrer la vue de la &amp;carte…</translation>
    </message>
    <message>
        <source>Save a side&apos;s view of the map (or the umpire&apos;s) as a PDF or PNG</source>
        <translation>Enregistrer la vue de la carte d&apos;un camp (ou de l&apos;arbitre) en PDF ou PNG</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Order of battle</source>
        <translation>&amp;Ordre de bataille</translation>
    </message>
    <message>
        <source>Show or hide the order of battle (with the LIM cup), remembered for the rules system</source>
        <translation>Afficher ou masquer l&apos;ordre de bataille (avec le gobelet des LIM), retenu pour le système de règles</translation>
    </message>
    <message>
        <source>Order &amp;form</source>
        <translation>&amp;Formulaire d&apos;ordre</translation>
    </message>
    <message>
        <source>Show or hide the order form and the unit panel, remembered for the rules system</source>
        <translation>Afficher ou masquer le formulaire d&apos;ordre et le panneau de l&apos;unité, retenu pour le système de règles</translation>
    </message>
    <message>
        <source>LIM &amp;activation</source>
        <translation>&amp;Activation des LIM</translation>
    </message>
    <message>
        <source>Show or hide the LIM activation under the order table, remembered for the rules system</source>
        <translation>Afficher ou masquer l&apos;activation des LIM sous le tableau des ordres, retenu pour le système de règles</translation>
    </message>
    <message>
        <source>&amp;Map alone</source>
        <translation>Carte &amp;seule</translation>
    </message>
    <message>
        <source>The map with every side panel hidden; again, the panels back</source>
        <translation>La carte, tous les panneaux latéraux masqués ; à nouveau, les panneaux reviennent</translation>
    </message>
    <message>
        <source>Map in its own &amp;window</source>
        <translation>Carte dans une fenêtre à &amp;part</translation>
    </message>
    <message>
        <source>The map in a window of its own, for a second screen; again, closed</source>
        <translation>La carte dans une fenêtre à part, pour un second écran ; à nouveau, fermée</translation>
    </message>
    <message>
        <source>Show &amp;refused orders</source>
        <translation>Montrer les ordres &amp;refusés</translation>
    </message>
    <message>
        <source>List only the orders the rules refuse and no reason overrules; again: all</source>
        <translation>Ne lister que les ordres que les règles refusent et qu&apos;aucune raison ne fait passer ; à nouveau : tous</translation>
    </message>
    <message>
        <source>Show &amp;drafts</source>
        <translation>Montrer les &amp;brouillons</translation>
    </message>
    <message>
        <source>List only the drafts, imported or half-typed, not saved as orders; again: all</source>
        <translation>Ne lister que les brouillons, importés ou à demi tapés, non enregistrés comme ordres ; à nouveau : tous</translation>
    </message>
    <message>
        <source>Choose which rows the order table lists: no order, refused, overruled, warnings, drafts, saved</source>
        <translation>Choisir les lignes que liste le tableau des ordres : sans ordre, refusés, passés outre, avertissements, brouillons, enregistrés</translation>
    </message>
    <message>
        <source>Courier &amp;ledger</source>
        <translation>Registre des &amp;courriers</translation>
    </message>
    <message>
        <source>Show or hide the courier ledger: write dispatches, follow their fate</source>
        <translation>Afficher ou masquer le registre des courriers : écrire des dépêches, suivre leur sort</translation>
    </message>
    <message>
        <source>Colour &amp;scheme</source>
        <translation>&amp;Couleurs</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Aid&amp;e</translation>
    </message>
    <message>
        <source>Rules &amp;clauses…</source>
        <translation>Articles des &amp;règles…</translation>
    </message>
    <message>
        <source>Read a rules clause: the chosen finding&apos;s, or search them by id or word</source>
        <translation>Lire un article des règles : celui du constat choisi, ou les chercher par numéro ou par mot</translation>
    </message>
    <message>
        <source>&amp;Keys…</source>
        <translation>&amp;Touches…</translation>
    </message>
    <message>
        <source>The table of the desk&apos;s keys</source>
        <translation>Le tableau des touches du programme</translation>
    </message>
    <message>
        <source>&amp;About Umpire&apos;s Desk…</source>
        <translation>À &amp;propos d&apos;Umpire&apos;s Desk…</translation>
    </message>
    <message>
        <source>Versions, and where the campaign and the log files are</source>
        <translation>Versions, et emplacement de la campagne et des journaux techniques</translation>
    </message>
    <message>
        <source>Follow the &amp;system</source>
        <translation>Suivre le &amp;système</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Clair</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Sombre</translation>
    </message>
    <message>
        <source>Colour scheme: {choice}</source>
        <translation>Couleurs : {choice}</translation>
    </message>
    <message>
        <source>Prepare &amp;packets…</source>
        <translation>Préparer les &amp;plis…</translation>
    </message>
    <message>
        <source>Write each side&apos;s or player&apos;s packet of the bound shown, with mail drafts; the desk sends nothing</source>
        <translation>Écrire le pli de chaque camp ou joueur pour le bond affiché, avec les brouillons de courriel ; le bureau n&apos;envoie rien</translation>
    </message>
    <message>
        <source>&amp;Turn-in board…</source>
        <translation>&amp;Tableau des retours…</translation>
    </message>
    <message>
        <source>Which commands have returned orders, the deadline, reminders to the late</source>
        <translation>Quels commandements ont rendu leurs ordres, la date limite, les relances aux retardataires</translation>
    </message>
</context>
<context>
    <name>NewBattleDialog</name>
    <message>
        <source>New battle</source>
        <translation>Nouvelle bataille</translation>
    </message>
    <message>
        <source>Battle name</source>
        <translation>Nom de la bataille</translation>
    </message>
    <message>
        <source>Commands taking part</source>
        <translation>Commandements engagés</translation>
    </message>
    <message>
        <source>Date of the battle</source>
        <translation>Date de la bataille</translation>
    </message>
    <message>
        <source>Game clock of bound 1</source>
        <translation>Heure de jeu du tour 1</translation>
    </message>
    <message>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <source>Seed of the battle&apos;s random draws</source>
        <translation>Graine des tirages de la bataille</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Commands (none ticked: all):</source>
        <translation>&amp;Commandements (aucun coché : tous) :</translation>
    </message>
    <message>
        <source>&amp;Date:</source>
        <translation>&amp;Date :</translation>
    </message>
    <message>
        <source>Bound 1 &amp;starts at:</source>
        <translation>&amp;Heure du tour 1 :</translation>
    </message>
    <message>
        <source>&amp;Minutes a bound:</source>
        <translation>&amp;Minutes par tour :</translation>
    </message>
    <message>
        <source>S&amp;eed of its draws:</source>
        <translation>&amp;Graine de ses tirages :</translation>
    </message>
</context>
<context>
    <name>NewCampaignDialog</name>
    <message>
        <source>New campaign</source>
        <translation>Nouvelle campagne</translation>
    </message>
    <message>
        <source>e.g. Ligny, June 1815</source>
        <translation>p. ex. Ligny, juin 1815</translation>
    </message>
    <message>
        <source>The rules system&apos;s demo scenario</source>
        <translation>Le scénario de démonstration de la règle</translation>
    </message>
    <message>
        <source>Empty: sides only, no units yet</source>
        <translation>Vide : les camps seulement, sans unités</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <source>&amp;Rules system:</source>
        <translation>&amp;Règle du jeu :</translation>
    </message>
    <message>
        <source>&amp;Start from:</source>
        <translation>&amp;Partir de :</translation>
    </message>
    <message>
        <source>New {system} campaign</source>
        <translation>Nouvelle campagne {system}</translation>
    </message>
</context>
<context>
    <name>OobController</name>
    <message>
        <source>Campaigns (*.desk);;All files (*)</source>
        <translation>Campagnes (*.desk);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Units (*.csv);;All files (*)</source>
        <translation>Unités (*.csv);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Import order of battle</source>
        <translation>Importer un ordre de bataille</translation>
    </message>
    <message>
        <source>Order of battle (*.json);;All files (*)</source>
        <translation>Ordre de bataille (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>New campaign file</source>
        <translation>Nouveau fichier de campagne</translation>
    </message>
    <message>
        <source>Export order of battle</source>
        <translation>Exporter l&apos;ordre de bataille</translation>
    </message>
    <message>
        <source>Order of battle (*.json)</source>
        <translation>Ordre de bataille (*.json)</translation>
    </message>
    <message>
        <source>Add units from CSV</source>
        <translation>Ajouter des unités depuis un CSV</translation>
    </message>
    <message>
        <source>Export units as CSV</source>
        <translation>Exporter les unités en CSV</translation>
    </message>
</context>
<context>
    <name>OobTreeModel</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Effectif</translation>
    </message>
    <message>
        <source>side</source>
        <translation>camp</translation>
    </message>
</context>
<context>
    <name>Operations</name>
    <message>
        <source>Order for {unit}</source>
        <translation>Ordre pour {unit}</translation>
    </message>
    <message>
        <source>Cancel {unit}&apos;s order</source>
        <translation>Annuler l&apos;ordre de {unit}</translation>
    </message>
    <message>
        <source>Event: {event}</source>
        <translation>Événement : {event}</translation>
    </message>
    <message numerus="yes">
        <source>Casualties grid (%n unit(s))</source>
        <translation>
            <numerusform>Grille des pertes (%n unité)</numerusform>
            <numerusform>Grille des pertes (%n unités)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OrderController</name>
    <message>
        <source>The written words and the fields agree: nothing to use.</source>
        <translation>Le texte écrit et les champs s&apos;accordent : rien à reprendre.</translation>
    </message>
    <message>
        <source>{system} has no order to hold: write the order in its fields.</source>
        <translation>{system} n&apos;a pas d&apos;ordre de tenir : écrivez l&apos;ordre dans ses champs.</translation>
    </message>
</context>
<context>
    <name>OrderForm</name>
    <message>
        <source>Choose a unit in the order of battle or the order table.</source>
        <translation>Choisissez une unité dans l&apos;ordre de bataille ou le tableau des ordres.</translation>
    </message>
    <message>
        <source>The order as the player wrote it</source>
        <translation>L&apos;ordre tel que le joueur l&apos;a écrit</translation>
    </message>
    <message>
        <source>Order as &amp;written</source>
        <translation>Ordre tel qu&apos;é&amp;crit</translation>
    </message>
    <message>
        <source>Nearest closed opponent (cm)</source>
        <translation>Adversaire en ordre serré le plus proche (cm)</translation>
    </message>
    <message>
        <source>&amp;Save order</source>
        <translation>&amp;Enregistrer l&apos;ordre</translation>
    </message>
    <message>
        <source>Save the order and go to the next unit without one (Ctrl+Enter)</source>
        <translation>Enregistrer l&apos;ordre et passer à la prochaine unité sans ordre (Ctrl+Entrée)</translation>
    </message>
    <message>
        <source>Cancel order</source>
        <translation>Annuler l&apos;ordre</translation>
    </message>
    <message>
        <source>Cancel this unit&apos;s order: at the close it does what the campaign&apos;s no-order setting says</source>
        <translation>Annuler l&apos;ordre de cette unité : à la clôture, elle fait ce que prévoit le réglage « sans ordre » de la campagne</translation>
    </message>
    <message>
        <source>Findings (hover for the clause):</source>
        <translation>Constats (survolez pour l&apos;article) :</translation>
    </message>
    <message>
        <source> · order {status}</source>
        <translation> · ordre {status}</translation>
    </message>
    <message>
        <source> · no order yet</source>
        <translation> · pas encore d&apos;ordre</translation>
    </message>
    <message>
        <source>, entered by {umpire}</source>
        <translation>, saisi par {umpire}</translation>
    </message>
    <message>
        <source> · &lt;i&gt;claimed by {who}, read-only&lt;/i&gt;</source>
        <translation> · &lt;i&gt;réservé par {who}, lecture seule&lt;/i&gt;</translation>
    </message>
    <message>
        <source> · &lt;i&gt;closed bound, read-only&lt;/i&gt;</source>
        <translation> · &lt;i&gt;bond clos, lecture seule&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;{unit}&lt;/b&gt; ({type}, {command}) · bound {bound}</source>
        <translation>&lt;b&gt;{unit}&lt;/b&gt; ({type}, {command}) · bond {bound}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unsaved draft&lt;/b&gt; (typed {when}) · Ctrl+Enter saves it · &lt;a href=&apos;discard&apos;&gt;Discard draft&lt;/a&gt;</source>
        <translation>&lt;b&gt;Brouillon non enregistré&lt;/b&gt; (saisi à {when}) · Ctrl+Entrée l&apos;enregistre · &lt;a href=&apos;discard&apos;&gt;Abandonner le brouillon&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Hold</source>
        <translation>Tenir</translation>
    </message>
    <message>
        <source>Allowed now ({row}): {names}</source>
        <translation>Permis maintenant ({row}) : {names}</translation>
    </message>
    <message>
        <source>no movement</source>
        <translation>aucun mouvement</translation>
    </message>
    <message>
        <source>Allowed now: no movement — {why}</source>
        <translation>Permis maintenant : aucun mouvement — {why}</translation>
    </message>
    <message>
        <source>Movement points: needs {working}; has {has}</source>
        <translation>Points de mouvement : il faut {working} ; elle a {has}</translation>
    </message>
    <message>
        <source>Formation change: {mp} MP — {working}</source>
        <translation>Changement de formation : {mp} PM — {working}</translation>
    </message>
    <message>
        <source>{hex} (recorded)</source>
        <translation>{hex} (enregistré)</translation>
    </message>
    <message>
        <source>not recorded: which hex?</source>
        <translation>non enregistré : quel hexagone ?</translation>
    </message>
    <message>
        <source>{n} along the road (measured)</source>
        <translation>{n} le long de la route (mesuré)</translation>
    </message>
    <message>
        <source>measured: {working}. Type a count to override it.</source>
        <translation>mesuré : {working}. Tapez un nombre pour le remplacer.</translation>
    </message>
</context>
<context>
    <name>OrderTableModel</name>
    <message>
        <source>Unit</source>
        <translation>Unité</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commandement</translation>
    </message>
    <message>
        <source>Rate</source>
        <translation>Allure</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>Destination</translation>
    </message>
    <message>
        <source>no order</source>
        <translation>sans ordre</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>accepté</translation>
    </message>
    <message>
        <source>overruled</source>
        <translation>passé outre</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulé</translation>
    </message>
    <message>
        <source>draft, not saved</source>
        <translation>brouillon, non enregistré</translation>
    </message>
    <message>
        <source>Movement</source>
        <translation>Mouvement</translation>
    </message>
    <message>
        <source>Formation</source>
        <translation>Formation</translation>
    </message>
    <message>
        <source>As written</source>
        <translation>Tel qu&apos;écrit</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Constats</translation>
    </message>
    <message>
        <source>saved</source>
        <translation>enregistré</translation>
    </message>
    <message>
        <source>continues order of bound {n}</source>
        <translation>poursuit l&apos;ordre du bond {n}</translation>
    </message>
    <message>
        <source>moved under a LIM</source>
        <translation>déplacé sous un LIM</translation>
    </message>
    <message>
        <source>continued order of bound {n}</source>
        <translation>a poursuivi l&apos;ordre du bond {n}</translation>
    </message>
    <message>
        <source>No order this bound: the close does what the campaign&apos;s setting says for a unit without one.</source>
        <translation>Pas d&apos;ordre ce bond : la clôture fait ce que le réglage de la campagne prévoit pour une unité sans ordre.</translation>
    </message>
    <message>
        <source>Saved: the close applies this order.</source>
        <translation>Enregistré : la clôture applique cet ordre.</translation>
    </message>
    <message>
        <source>Cancelled: the close treats the unit as without an order.</source>
        <translation>Annulé : la clôture traite l&apos;unité comme sans ordre.</translation>
    </message>
    <message>
        <source>No order this bound: the close continues the unit&apos;s order of bound {n} (the campaign&apos;s setting for a unit without an order).</source>
        <translation>Pas d&apos;ordre ce bond : la clôture poursuit l&apos;ordre de l&apos;unité du bond {n} (le réglage de la campagne pour une unité sans ordre).</translation>
    </message>
    <message>
        <source>No written order: the close applies the last move recorded under the LIMs drawn this turn (BOW-2).</source>
        <translation>Pas d&apos;ordre écrit : la clôture applique le dernier mouvement noté sous les LIM tirés ce tour (BOW-2).</translation>
    </message>
    <message>
        <source>No order this bound: the close did what the campaign&apos;s setting said for a unit without one.</source>
        <translation>Pas d&apos;ordre ce bond : la clôture a fait ce que le réglage de la campagne prévoyait pour une unité sans ordre.</translation>
    </message>
    <message>
        <source>A draft, never saved: the close did not apply it.</source>
        <translation>Un brouillon jamais enregistré : la clôture ne l&apos;a pas appliqué.</translation>
    </message>
    <message>
        <source>No order this bound: the close continued the unit&apos;s order of bound {n}.</source>
        <translation>Pas d&apos;ordre ce bond : la clôture a poursuivi l&apos;ordre de l&apos;unité du bond {n}.</translation>
    </message>
    <message>
        <source>No written order: the close applied the last move recorded under the LIMs drawn (BOW-2).</source>
        <translation>Pas d&apos;ordre écrit : la clôture a appliqué le dernier mouvement noté sous les LIM tirés (BOW-2).</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>refusé</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>avertissement</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Tout montrer</translation>
    </message>
    <message>
        <source>No order</source>
        <translation>Sans ordre</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Refusés</translation>
    </message>
    <message>
        <source>Overruled</source>
        <translation>Passés outre</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Avertissements</translation>
    </message>
    <message>
        <source>Drafts</source>
        <translation>Brouillons</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>Enregistrés</translation>
    </message>
    <message>
        <source>Road march</source>
        <translation>Marche sur route</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Objectif</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>Cible</translation>
    </message>
    <message>
        <source>To hex</source>
        <translation>Vers l&apos;hexagone</translation>
    </message>
    <message>
        <source>{label} (default)</source>
        <translation>{label} (par défaut)</translation>
    </message>
    <message>
        <source>{formation} (kept)</source>
        <translation>{formation} (gardée)</translation>
    </message>
    <message>
        <source>✎ {status} · unsaved draft</source>
        <translation>✎ {status} · brouillon non enregistré</translation>
    </message>
    <message>
        <source>overruled {clauses} — reason: &apos;{reason}&apos;</source>
        <translation>passé outre {clauses} — raison : « {reason} »</translation>
    </message>
    <message>
        <source>refused {clause}: {message}</source>
        <translation>refusé {clause} : {message}</translation>
    </message>
    <message>
        <source>warning {clause}: {message}</source>
        <translation>avertissement {clause} : {message}</translation>
    </message>
    <message>
        <source>(+{n} more)</source>
        <translation>(+{n} autres)</translation>
    </message>
    <message>
        <source>The umpire&apos;s reason: &apos;{reason}&apos;</source>
        <translation>La raison de l&apos;arbitre : « {reason} »</translation>
    </message>
    <message>
        <source>The close continues its order of bound {n}.</source>
        <translation>La clôture poursuit son ordre du bond {n}.</translation>
    </message>
    <message>
        <source>Written: {written}
Applied: {applied}</source>
        <translation>Écrit : {written}
Appliqué : {applied}</translation>
    </message>
    <message>
        <source>A draft, not saved as an order: the close does not apply it (save it to make it the unit&apos;s order).</source>
        <translation>Un brouillon, non enregistré comme ordre : la clôture ne l’applique pas (enregistrez-le pour en faire l’ordre de l’unité).</translation>
    </message>
</context>
<context>
    <name>PacketController</name>
    <message>
        <source>Where to put the packets</source>
        <translation>Où mettre les plis</translation>
    </message>
    <message>
        <source>{n} packet(s) of bound {bound} written in {folder}</source>
        <translation>{n} pli(s) du bond {bound} écrit(s) dans {folder}</translation>
    </message>
    <message>
        <source>{n} reminder(s) written in {folder}</source>
        <translation>{n} relance(s) écrite(s) dans {folder}</translation>
    </message>
</context>
<context>
    <name>PagesController</name>
    <message>
        <source>Serving the players&apos; pages on {url}</source>
        <translation>Pages des joueurs servies sur {url}</translation>
    </message>
    <message>
        <source>The players&apos; pages stopped unexpectedly: start them again.</source>
        <translation>Les pages des joueurs se sont arrêtées d’elles-mêmes : démarrez-les à nouveau.</translation>
    </message>
    <message>
        <source>The players&apos; pages are no longer served.</source>
        <translation>Les pages des joueurs ne sont plus servies.</translation>
    </message>
    <message>
        <source>Not serving. Start serving, then give each player their link.</source>
        <translation>Rien n’est servi. Démarrez, puis donnez à chaque joueur son lien.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt en cours…</translation>
    </message>
    <message>
        <source>Serving on this computer only, at {url} (each player opens their own link).</source>
        <translation>Servi sur cet ordinateur seulement, à {url} (chaque joueur ouvre son propre lien).</translation>
    </message>
    <message>
        <source>Serving on the local network at {url}: each player opens their own link there, or scans its code.</source>
        <translation>Servi sur le réseau local à {url} : chaque joueur y ouvre son propre lien, ou en scanne le code.</translation>
    </message>
    <message>
        <source>Serving on every address of this computer, port {port}, but no network address was found: only this computer can open the pages.</source>
        <translation>Servi sur toutes les adresses de cet ordinateur, port {port}, mais aucune adresse réseau n’a été trouvée : seul cet ordinateur peut ouvrir les pages.</translation>
    </message>
</context>
<context>
    <name>PagesServer</name>
    <message>
        <source>Port {port} is already in use (another desk serving, or another program): choose another port.</source>
        <translation>Le port {port} est déjà pris (un autre bureau qui sert, ou un autre programme) : choisissez un autre port.</translation>
    </message>
    <message>
        <source>Port {port} is refused to this user (ports below 1024 need the administrator): choose another port.</source>
        <translation>Le port {port} est refusé à cet utilisateur (les ports sous 1024 demandent l’administrateur) : choisissez un autre port.</translation>
    </message>
    <message>
        <source>{host} is not an address of this computer.</source>
        <translation>{host} n’est pas une adresse de cet ordinateur.</translation>
    </message>
    <message>
        <source>The pages cannot be served on {host}:{port}: {why}.</source>
        <translation>Les pages ne peuvent pas être servies sur {host}:{port} : {why}.</translation>
    </message>
</context>
<context>
    <name>Placer</name>
    <message>
        <source>This battle has no map yet: import one first.</source>
        <translation>Cette bataille n&apos;a pas encore de carte : importez-en une d&apos;abord.</translation>
    </message>
    <message>
        <source>The campaign is open read-only: nothing is placed.</source>
        <translation>La campagne est ouverte en lecture seule : rien n&apos;est placé.</translation>
    </message>
    <message>
        <source>Units are placed in the open bound only: show it first.</source>
        <translation>Les unités se placent dans le bond ouvert seulement : affichez-le d&apos;abord.</translation>
    </message>
    <message>
        <source>Every unit and leader is on the map.</source>
        <translation>Toutes les unités et tous les chefs sont sur la carte.</translation>
    </message>
    <message>
        <source>{name} (leader, {side})</source>
        <translation>{name} (chef, {side})</translation>
    </message>
    <message>
        <source>{name} ({side})</source>
        <translation>{name} ({side})</translation>
    </message>
</context>
<context>
    <name>PlayersPagesDialog</name>
    <message>
        <source>Players&apos; pages — {campaign}</source>
        <translation>Pages des joueurs — {campaign}</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>Service</translation>
    </message>
    <message>
        <source>Each player opens their own page in a browser, on a phone or a laptop: their situation, their side&apos;s map and their order form. What they send arrives as drafts for you to review.</source>
        <translation>Chaque joueur ouvre sa propre page dans un navigateur, sur un téléphone ou un portable : sa situation, la carte de son camp et son formulaire d’ordres. Ce qu’il envoie arrive en brouillons, que vous relisez.</translation>
    </message>
    <message>
        <source>Serve on the local &amp;network</source>
        <translation>Servir sur le &amp;réseau local</translation>
    </message>
    <message>
        <source>Serve on the local network</source>
        <translation>Servir sur le réseau local</translation>
    </message>
    <message>
        <source>Unticked: only this computer can open the pages. Ticked: every computer and phone on this network can, with a player&apos;s link</source>
        <translation>Non coché : seul cet ordinateur peut ouvrir les pages. Coché : tout ordinateur ou téléphone de ce réseau le peut, avec le lien d’un joueur</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>The port the pages are served on</source>
        <translation>Le port sur lequel les pages sont servies</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>P&amp;ort :</translation>
    </message>
    <message>
        <source>&amp;Start serving</source>
        <translation>&amp;Démarrer</translation>
    </message>
    <message>
        <source>Start serving</source>
        <translation>Démarrer le service</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>Arrê&amp;ter</translation>
    </message>
    <message>
        <source>Stop serving</source>
        <translation>Arrêter le service</translation>
    </message>
    <message>
        <source>&amp;Players:</source>
        <translation>&amp;Joueurs :</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>One row per player: side, command, whether their link works and since when, when they last opened their page</source>
        <translation>Une ligne par joueur : camp, commandement, si son lien marche et depuis quand, quand il a ouvert sa page pour la dernière fois</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Camp</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commandement</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Lien</translation>
    </message>
    <message>
        <source>Last visit</source>
        <translation>Dernière visite</translation>
    </message>
    <message>
        <source>No players yet: add them at the command line, desk players CAMPAIGN add --name NAME --address ADDRESS --side SIDE (one per side, or per command).</source>
        <translation>Pas encore de joueurs : ajoutez-les en ligne de commande, desk players CAMPAGNE add --name NOM --address ADRESSE --side CAMP (un par camp, ou par commandement).</translation>
    </message>
    <message>
        <source>&amp;Issue link</source>
        <translation>Donner un &amp;lien</translation>
    </message>
    <message>
        <source>Issue link</source>
        <translation>Donner un lien</translation>
    </message>
    <message>
        <source>A first link for the chosen player</source>
        <translation>Un premier lien pour le joueur choisi</translation>
    </message>
    <message>
        <source>&amp;Reissue</source>
        <translation>Re&amp;nouveler</translation>
    </message>
    <message>
        <source>Reissue link</source>
        <translation>Renouveler le lien</translation>
    </message>
    <message>
        <source>A new link for the chosen player; the one they had stops working</source>
        <translation>Un nouveau lien pour le joueur choisi ; celui qu’il avait cesse de marcher</translation>
    </message>
    <message>
        <source>Re&amp;voke</source>
        <translation>Ré&amp;voquer</translation>
    </message>
    <message>
        <source>Revoke link</source>
        <translation>Révoquer le lien</translation>
    </message>
    <message>
        <source>The chosen player&apos;s link stops working</source>
        <translation>Le lien du joueur choisi cesse de marcher</translation>
    </message>
    <message>
        <source>Player&apos;s address</source>
        <translation>Adresse du joueur</translation>
    </message>
    <message>
        <source>The address of the player&apos;s own page, to copy to them</source>
        <translation>L’adresse de la page du joueur, à lui transmettre</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copier</translation>
    </message>
    <message>
        <source>Copy the address</source>
        <translation>Copier l’adresse</translation>
    </message>
    <message>
        <source>QR code of the address</source>
        <translation>Code QR de l’adresse</translation>
    </message>
    <message>
        <source>Shown this once: the campaign keeps only a hash of it. Give it to the player now (on paper, by mail, or their phone&apos;s camera on the code); Reissue makes a new one.</source>
        <translation>Montré cette seule fois : la campagne n’en garde qu’une empreinte. Donnez-le au joueur maintenant (sur papier, par courriel, ou l’appareil photo de son téléphone sur le code) ; Renouveler en fait un nouveau.</translation>
    </message>
    <message>
        <source>since {when}</source>
        <translation>depuis {when}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>pas encore</translation>
    </message>
    <message>
        <source>the whole side</source>
        <translation>tout le camp</translation>
    </message>
    <message>
        <source>{name}&apos;s link</source>
        <translation>Lien de {name}</translation>
    </message>
</context>
<context>
    <name>PrintController</name>
    <message>
        <source>The folder {folder} could not be made: {why}</source>
        <translation>Le dossier {folder} n’a pas pu être créé : {why}</translation>
    </message>
    <message>
        <source>Written {count} of {n}: {name}</source>
        <translation>Écrit {count} sur {n} : {name}</translation>
    </message>
    <message>
        <source>Import filled forms</source>
        <translation>Importer des formulaires remplis</translation>
    </message>
    <message>
        <source>PDF forms (*.pdf)</source>
        <translation>Formulaires PDF (*.pdf)</translation>
    </message>
</context>
<context>
    <name>PrintDialog</name>
    <message>
        <source>Print order sheets</source>
        <translation>Imprimer les feuilles d’ordres</translation>
    </message>
    <message>
        <source>All sides</source>
        <translation>Tous les camps</translation>
    </message>
    <message>
        <source>&amp;Sides:</source>
        <translation>&amp;Camps :</translation>
    </message>
    <message>
        <source>One PDF per side</source>
        <translation>Un PDF par camp</translation>
    </message>
    <message>
        <source>One PDF per command directly under the side</source>
        <translation>Un PDF par commandement directement sous le camp</translation>
    </message>
    <message>
        <source>One PDF per command {n} levels down</source>
        <translation>Un PDF par commandement {n} niveaux plus bas</translation>
    </message>
    <message>
        <source>Spli&amp;t:</source>
        <translation>Décou&amp;page :</translation>
    </message>
    <message>
        <source>Blank, for the players to write on</source>
        <translation>Vierges, pour que les joueurs écrivent</translation>
    </message>
    <message>
        <source>Filled with the orders entered (players&apos; copy)</source>
        <translation>Remplies des ordres saisis (copie des joueurs)</translation>
    </message>
    <message>
        <source>The umpire&apos;s copy (findings, status, reasons)</source>
        <translation>Copie de l’arbitre (constats, état, motifs)</translation>
    </message>
    <message>
        <source>S&amp;heet:</source>
        <translation>&amp;Feuille :</translation>
    </message>
    <message>
        <source>&amp;Fillable PDF form (for the open bound only)</source>
        <translation>Formulaire PDF à r&amp;emplir (bond ouvert seulement)</translation>
    </message>
    <message>
        <source>&amp;Bound:</source>
        <translation>&amp;Bond :</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>Lettre US</translation>
    </message>
    <message>
        <source>P&amp;aper:</source>
        <translation>P&amp;apier :</translation>
    </message>
    <message>
        <source>Ch&amp;oose…</source>
        <translation>Ch&amp;oisir…</translation>
    </message>
    <message>
        <source>Fo&amp;lder:</source>
        <translation>Dossie&amp;r :</translation>
    </message>
    <message>
        <source>Open the folder when the sheets are &amp;written</source>
        <translation>Ouvrir le dossier une fois les feuilles é&amp;crites</translation>
    </message>
    <message>
        <source>Writes:</source>
        <translation>Écrit :</translation>
    </message>
    <message>
        <source>&amp;Print</source>
        <translation>&amp;Imprimer</translation>
    </message>
    <message>
        <source>Folder for the sheets</source>
        <translation>Dossier des feuilles</translation>
    </message>
    <message numerus="yes">
        <source>%n PDF(s) in {folder}: {names}</source>
        <translation>
            <numerusform>%n PDF dans {folder} : {names}</numerusform>
            <numerusform>%n PDF dans {folder} : {names}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReportChoiceDialog</name>
    <message>
        <source>Bound report</source>
        <translation>Rapport du bond</translation>
    </message>
    <message>
        <source>Losses report</source>
        <translation>Rapport des pertes</translation>
    </message>
    <message>
        <source>{name} (ended)</source>
        <translation>{name} (terminée)</translation>
    </message>
    <message>
        <source>{name} (being played)</source>
        <translation>{name} (en cours)</translation>
    </message>
    <message>
        <source>&amp;Battle:</source>
        <translation>&amp;Bataille :</translation>
    </message>
    <message>
        <source>B&amp;ound:</source>
        <translation>B&amp;ond :</translation>
    </message>
    <message>
        <source>&amp;Write the PDF…</source>
        <translation>&amp;Écrire le PDF…</translation>
    </message>
    <message>
        <source>Every bound of the battle, by side and command.</source>
        <translation>Tous les bonds de la bataille, par camp et commandement.</translation>
    </message>
    <message>
        <source>Bound {n} was played and closed.</source>
        <translation>Le bond {n} a été joué et clos.</translation>
    </message>
    <message>
        <source>Bound {n} is still open: its orders so far.</source>
        <translation>Le bond {n} est encore ouvert : ses ordres à ce jour.</translation>
    </message>
</context>
<context>
    <name>ScaleDialog</name>
    <message>
        <source>Calibrate the map&apos;s scale</source>
        <translation>Étalonner l&apos;échelle de la carte</translation>
    </message>
    <message>
        <source>Two points of the map, in the image&apos;s pixels, and the distance between them on the table or on the ground.</source>
        <translation>Deux points de la carte, en pixels de l&apos;image, et la distance entre eux sur la table ou sur le terrain.</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>y</source>
        <translation>y</translation>
    </message>
    <message>
        <source>Point &amp;{n}</source>
        <translation>Point &amp;{n}</translation>
    </message>
    <message>
        <source>Point {n}, x</source>
        <translation>Point {n}, x</translation>
    </message>
    <message>
        <source>Pixels from the image&apos;s left edge</source>
        <translation>Pixels depuis le bord gauche de l&apos;image</translation>
    </message>
    <message>
        <source>Point {n}, y</source>
        <translation>Point {n}, y</translation>
    </message>
    <message>
        <source>Pixels from the image&apos;s top edge</source>
        <translation>Pixels depuis le bord supérieur de l&apos;image</translation>
    </message>
    <message>
        <source>Distance between the points</source>
        <translation>Distance entre les points</translation>
    </message>
    <message>
        <source>The known distance, in the unit chosen</source>
        <translation>La distance connue, dans l&apos;unité choisie</translation>
    </message>
    <message>
        <source>cm (on the table)</source>
        <translation>cm (sur la table)</translation>
    </message>
    <message>
        <source>inches (on the table)</source>
        <translation>pouces (sur la table)</translation>
    </message>
    <message>
        <source>metres (on the ground)</source>
        <translation>mètres (sur le terrain)</translation>
    </message>
    <message>
        <source>yards (on the ground)</source>
        <translation>yards (sur le terrain)</translation>
    </message>
    <message>
        <source>paces (on the ground)</source>
        <translation>pas (sur le terrain)</translation>
    </message>
    <message>
        <source>Unit of the distance</source>
        <translation>Unité de la distance</translation>
    </message>
    <message>
        <source>cm or inches measure the table; metres, yards or paces the ground of a map</source>
        <translation>les cm ou les pouces mesurent la table ; les mètres, yards ou pas le terrain d&apos;une carte</translation>
    </message>
    <message>
        <source>&amp;Distance</source>
        <translation>&amp;Distance</translation>
    </message>
    <message>
        <source>{n:.0f} pixels apart</source>
        <translation>{n:.0f} pixels d&apos;écart</translation>
    </message>
</context>
<context>
    <name>SeenDialog</name>
    <message>
        <source>Mark enemy units seen, bound {n}</source>
        <translation>Marquer les unités ennemies vues, bond {n}</translation>
    </message>
    <message>
        <source>Seen by</source>
        <translation>Vues par</translation>
    </message>
    <message>
        <source>The side whose sightings are marked</source>
        <translation>Le camp dont on marque les observations</translation>
    </message>
    <message>
        <source>Which unit saw them</source>
        <translation>Quelle unité les a vues</translation>
    </message>
    <message>
        <source>The side&apos;s unit that saw the units ticked now; its headquarters knows at once</source>
        <translation>L&apos;unité du camp qui a vu les unités cochées maintenant ; son quartier général le sait aussitôt</translation>
    </message>
    <message>
        <source>Part of a unit&apos;s name or command</source>
        <translation>Une partie du nom ou du commandement d&apos;une unité</translation>
    </message>
    <message>
        <source>Filter the enemy units</source>
        <translation>Filtrer les unités ennemies</translation>
    </message>
    <message>
        <source>Show only the units whose name or command holds this text</source>
        <translation>Ne montrer que les unités dont le nom ou le commandement contient ce texte</translation>
    </message>
    <message>
        <source>Enemy units on the map</source>
        <translation>Unités ennemies sur la carte</translation>
    </message>
    <message>
        <source>Tick each enemy unit the side saw in this bound; Space ticks or unticks</source>
        <translation>Cochez chaque unité ennemie que le camp a vue dans ce bond ; Espace coche ou décoche</translation>
    </message>
    <message>
        <source>Tick &amp;all shown</source>
        <translation>Cocher &amp;toutes celles listées</translation>
    </message>
    <message>
        <source>&amp;Untick all shown</source>
        <translation>&amp;Décocher toutes celles listées</translation>
    </message>
    <message>
        <source>A side&apos;s map view shows an enemy unit only where it was marked seen, as it stood then.</source>
        <translation>La vue de la carte d&apos;un camp ne montre une unité ennemie que là où elle a été marquée vue, telle qu&apos;elle était alors.</translation>
    </message>
    <message>
        <source>Seen &amp;by</source>
        <translation>Vues &amp;par</translation>
    </message>
    <message>
        <source>&amp;Which unit</source>
        <translation>&amp;Quelle unité</translation>
    </message>
    <message>
        <source>&amp;Filter</source>
        <translation>&amp;Filtre</translation>
    </message>
    <message>
        <source>The whole side</source>
        <translation>Tout le camp</translation>
    </message>
    <message>
        <source>{ticked} seen of {n} enemy units ({shown} listed)</source>
        <translation>{ticked} vues sur {n} unités ennemies ({shown} listées)</translation>
    </message>
</context>
<context>
    <name>TurnInDialog</name>
    <message>
        <source>Turn-in board — bound {n}</source>
        <translation>Tableau des retours — bond {n}</translation>
    </message>
    <message>
        <source>no deadline set</source>
        <translation>aucune date limite</translation>
    </message>
    <message>
        <source>Deadline: {due}. Late: {late} of {n} commands; their units follow the campaign&apos;s setting: {setting}.</source>
        <translation>Date limite : {due}. En retard : {late} commandements sur {n} ; leurs unités suivent le réglage de la campagne : {setting}.</translation>
    </message>
    <message>
        <source>Deadline: {due}. Not returned yet: {late} of {n} commands; at the close their units follow the campaign&apos;s setting: {setting}.</source>
        <translation>Date limite : {due}. Pas encore rendus : {late} commandements sur {n} ; à la clôture, leurs unités suivent le réglage de la campagne : {setting}.</translation>
    </message>
    <message>
        <source>Turn-in summary</source>
        <translation>Résumé des retours</translation>
    </message>
    <message>
        <source>Turn-in board</source>
        <translation>Tableau des retours</translation>
    </message>
    <message>
        <source>One row per command: orders returned, and who plays it</source>
        <translation>Une ligne par commandement : ordres rendus, et qui le joue</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Camp</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commandement</translation>
    </message>
    <message>
        <source>Orders back</source>
        <translation>Ordres rendus</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>late</source>
        <translation>en retard</translation>
    </message>
    <message>
        <source>returned</source>
        <translation>rendus</translation>
    </message>
    <message>
        <source>not returned yet</source>
        <translation>pas encore rendu</translation>
    </message>
    <message>
        <source>Write &amp;reminders…</source>
        <translation>Écrire les &amp;relances…</translation>
    </message>
    <message>
        <source>Write reminders</source>
        <translation>Écrire les relances</translation>
    </message>
</context>
<context>
    <name>UnitPanel</name>
    <message>
        <source>Formation</source>
        <translation>Formation</translation>
    </message>
    <message>
        <source>Disorder</source>
        <translation>Désordre</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Effectif</translation>
    </message>
    <message>
        <source>No unit chosen.</source>
        <translation>Aucune unité choisie.</translation>
    </message>
    <message>
        <source>&amp;Record event…</source>
        <translation>&amp;Noter l&apos;événement…</translation>
    </message>
    <message>
        <source>Record an in-bound event against this unit (Ctrl+E)</source>
        <translation>Noter un événement du bond pour cette unité (Ctrl+E)</translation>
    </message>
    <message>
        <source>Secret &amp;note…</source>
        <translation>Note &amp;secrète…</translation>
    </message>
    <message>
        <source>Keep a note on this unit that only you and the chief umpire read; it is never printed</source>
        <translation>Garder sur cette unité une note que seuls vous et l&apos;arbitre en chef lisez ; elle n&apos;est jamais imprimée</translation>
    </message>
    <message>
        <source>History (changes highlighted):</source>
        <translation>Historique (changements surlignés) :</translation>
    </message>
    <message>
        <source>&lt;b&gt;{unit}&lt;/b&gt; · {side}, {command} · bound {bound}</source>
        <translation>&lt;b&gt;{unit}&lt;/b&gt; · {side}, {command} · bond {bound}</translation>
    </message>
    <message>
        <source>Secret notes: each is seen only by its author and the chief umpire (you); never printed.</source>
        <translation>Notes secrètes : chacune n&apos;est vue que par son auteur et l&apos;arbitre en chef (vous) ; jamais imprimées.</translation>
    </message>
    <message>
        <source>Secret notes: seen only by you and the chief umpire; never printed.</source>
        <translation>Notes secrètes : vues seulement par vous et l&apos;arbitre en chef ; jamais imprimées.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{author}&lt;/b&gt;: {text}</source>
        <translation>&lt;b&gt;{author}&lt;/b&gt; : {text}</translation>
    </message>
    <message>
        <source>, road</source>
        <translation>, route</translation>
    </message>
    <message>
        <source>In hex {hex} ({ground}) since bound {n}.</source>
        <translation>Dans l&apos;hexagone {hex} ({ground}) depuis le bond {n}.</translation>
    </message>
    <message>
        <source>Charge available from bound {n} (BA-14).</source>
        <translation>Charge possible à partir du bond {n} (BA-14).</translation>
    </message>
    <message>
        <source>May charge.</source>
        <translation>Peut charger.</translation>
    </message>
    <message>
        <source>Melee penalty this bound (BA-13).</source>
        <translation>Pénalité de mêlée ce bond (BA-13).</translation>
    </message>
    <message>
        <source>Crossing {feature} in progress since bound {n}.</source>
        <translation>Franchissement de {feature} en cours depuis le bond {n}.</translation>
    </message>
    <message>
        <source>Crossing {feature} begun this bound.</source>
        <translation>Franchissement de {feature} commencé ce bond.</translation>
    </message>
    <message>
        <source>Event this bound: {kind}.</source>
        <translation>Événement ce bond : {kind}.</translation>
    </message>
    <message>
        <source>(was {value})</source>
        <translation>(avant : {value})</translation>
    </message>
    <message>
        <source>Changed since bound {n}:</source>
        <translation>Changé depuis le bond {n} :</translation>
    </message>
</context>
<context>
    <name>ViewDialog</name>
    <message>
        <source>Save a view of the map</source>
        <translation>Enregistrer une vue de la carte</translation>
    </message>
    <message>
        <source>The umpire (every unit)</source>
        <translation>L&apos;arbitre (toutes les unités)</translation>
    </message>
    <message>
        <source>The {side}</source>
        <translation>Le camp {side}</translation>
    </message>
    <message>
        <source>Whose view</source>
        <translation>Vue de qui</translation>
    </message>
    <message>
        <source>A side sees its own units and only the enemy units marked seen</source>
        <translation>Un camp voit ses propres unités et seulement les unités ennemies marquées vues</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>Bond</translation>
    </message>
    <message>
        <source>The units as they stood in this bound</source>
        <translation>Les unités telles qu&apos;elles étaient dans ce bond</translation>
    </message>
    <message>
        <source>&amp;PDF page</source>
        <translation>Page &amp;PDF</translation>
    </message>
    <message>
        <source>P&amp;NG picture</source>
        <translation>Image P&amp;NG</translation>
    </message>
    <message>
        <source>A4</source>
        <translation>A4</translation>
    </message>
    <message>
        <source>Letter</source>
        <translation>Letter</translation>
    </message>
    <message>
        <source>Paper size</source>
        <translation>Format du papier</translation>
    </message>
    <message>
        <source>The PDF&apos;s paper (landscape)</source>
        <translation>Le papier du PDF (à l&apos;italienne)</translation>
    </message>
    <message>
        <source>A side&apos;s view shows its own units and, of the enemy, only the units marked seen (where they were last seen, strength rounded). A PNG is at most 4096 pixels on its longer side.</source>
        <translation>La vue d&apos;un camp montre ses propres unités et, de l&apos;ennemi, seulement les unités marquées vues (là où elles ont été vues en dernier, effectif arrondi). Une image PNG fait au plus 4096 pixels sur son plus grand côté.</translation>
    </message>
    <message>
        <source>&amp;View of</source>
        <translation>&amp;Vue de</translation>
    </message>
    <message>
        <source>&amp;Bound</source>
        <translation>&amp;Bond</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>P&amp;aper</source>
        <translation>P&amp;apier</translation>
    </message>
</context>
<context>
    <name>ViewExport</name>
    <message>
        <source>Umpire&apos;s view</source>
        <translation>Vue de l&apos;arbitre</translation>
    </message>
    <message>
        <source>View of the {side}</source>
        <translation>Vue du camp {side}</translation>
    </message>
    <message>
        <source>bound {n}, {time}</source>
        <translation>bond {n}, {time}</translation>
    </message>
    <message>
        <source>bound {n}</source>
        <translation>bond {n}</translation>
    </message>
    <message>
        <source>seen bound {n}</source>
        <translation>vu au bond {n}</translation>
    </message>
    <message>
        <source>The map&apos;s image could not be read.</source>
        <translation>L&apos;image de la carte n&apos;a pas pu être lue.</translation>
    </message>
</context>
<context>
    <name>WordHint</name>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>{key}: use {what}</source>
        <translation>{key} : utiliser {what}</translation>
    </message>
    <message>
        <source>Use: {what} ({key})</source>
        <translation>Utiliser : {what} ({key})</translation>
    </message>
</context>
</TS>
