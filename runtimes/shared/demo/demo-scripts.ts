/**
 * Conversation scripts of the demo call centre, per language. `{slot}` placeholders are
 * filled by the generator. Each script is one customer intent, told as alternating turns.
 */
export const DEMO_LANGUAGES = ['en', 'fr', 'de', 'es', 'it'] as const;
export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];

export interface Script {
  intent: string;
  tags: string[];
  /** [speaker, text] turns: `c` customer, `a` the AI agent. */
  turns: ['c' | 'a', string][];
  summary: string;
  outcome: string;
}

/**
 * A product as each language's scripts name it: `product` is the bare noun, the other slots
 * the article, possessive and agreeing participle phrases its gender and number call for
 * (`{the_product}`: « la machine à café », « l’aspirateur », « le casque »). Scripts never put
 * an article before `{product}`, so no phrase is built from a guessed article.
 */
export type ProductForms = { product: string } & Record<string, string>;

/** What a script says of the customer that agrees with their gender (`{e}`: « remboursé{e} »). */
export type CustomerForms = Record<string, string>;

export interface LanguagePack {
  country: string;
  greeting: string;
  transferLine: string;
  humanLine: string;
  closing: string;
  /** System turns and the summary of a call that failed, in the call's language. */
  missedLine: string;
  droppedLine: string;
  queuedLine: string;
  failedSummary: string;
  firstNames: string[];
  /** The first names above that are women's: they take `customer.f`, the others `customer.m`. */
  womenFirstNames: string[];
  customer: { f: CustomerForms; m: CustomerForms };
  lastNames: string[];
  products: ProductForms[];
  cities: string[];
  days: string[];
  scripts: Script[];
}

export const PACKS: Record<DemoLanguage, LanguagePack> = {
  en: {
    country: '+44',
    greeting: 'Hello, this is Nova, the virtual assistant of Brightline. How can I help you today?',
    transferLine: 'I am transferring you to a colleague who can look into this right away.',
    humanLine: 'Hi {name}, this is Sam from the customer care team. I have your file in front of me.',
    closing: 'Is there anything else I can do for you? Have a lovely day.',
    missedLine: 'Missed call: the caller hung up before the agent answered.',
    droppedLine: 'Call dropped: network error on the carrier side.',
    queuedLine: 'Transferred to the human agent queue.',
    failedSummary: 'Call dropped shortly after the greeting; no resolution.',
    firstNames: ['Olivia', 'George', 'Amelia', 'Harry', 'Isla', 'Noah', 'Zoë', 'Chloé'],
    womenFirstNames: ['Olivia', 'Amelia', 'Isla', 'Zoë', 'Chloé'],
    customer: { f: {}, m: {} },
    lastNames: ['Smith', 'Patel', "O'Brien", 'Jones', 'Williams', 'Nguyen', 'Taylor'],
    products: [{ product: 'wireless headphones' }, { product: 'coffee machine' }, { product: 'garden chair set' }, { product: 'smart thermostat' }, { product: 'running shoes' }],
    cities: ['London', 'Manchester', 'Bristol', 'Leeds', 'Glasgow'],
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    scripts: [
      {
        intent: 'order_status',
        tags: ['delivery', 'order'],
        turns: [
          ['c', 'Hi, my order {order} has not arrived yet. It was supposed to be delivered on {day}.'],
          ['a', 'I am sorry about the delay. Let me check order {order} for you.'],
          ['a', 'Your {product} left our warehouse yesterday and the courier expects to deliver it in {city} tomorrow before noon.'],
          ['c', 'Great, can you send me the tracking link by text message?'],
          ['a', 'Of course, I have just sent the tracking link to your mobile number.'],
        ],
        summary: 'Customer asked about late order {order} ({product}); delivery confirmed for tomorrow in {city}, tracking link sent.',
        outcome: 'resolved',
      },
      {
        intent: 'refund',
        tags: ['refund', 'billing'],
        turns: [
          ['c', 'I returned the {product} two weeks ago and I still have not received my refund.'],
          ['a', 'I can help with that. Could you give me the order number, please?'],
          ['c', 'Yes, it is {order}.'],
          ['a', 'Thank you. The return was received on {day} and a refund of {amount} pounds was issued to your card. It can take up to five working days to appear.'],
        ],
        summary: 'Refund status for returned {product} (order {order}): refund of £{amount} already issued, 5 working days.',
        outcome: 'resolved',
      },
      {
        intent: 'appointment',
        tags: ['appointment', 'booking'],
        turns: [
          ['c', 'I would like to book an appointment with a technician to install my {product}.'],
          ['a', 'Certainly. We have availability on {day} morning or afternoon in {city}. Which do you prefer?'],
          ['c', 'The afternoon would be perfect.'],
          ['a', 'Done: your installation appointment is booked for {day} afternoon. You will receive a confirmation email.'],
        ],
        summary: 'Installation appointment for {product} booked on {day} afternoon in {city}.',
        outcome: 'booked',
      },
      {
        intent: 'billing_dispute',
        tags: ['billing', 'invoice', 'complaint'],
        turns: [
          ['c', 'I have been charged twice for the same invoice this month, that is unacceptable.'],
          ['a', 'I understand your frustration. I can see two payments of {amount} pounds on your account.'],
          ['c', 'I want the duplicate payment cancelled immediately.'],
          ['a', 'A billing specialist has to approve the reversal.'],
        ],
        summary: 'Double charge of £{amount} on the monthly invoice; customer upset, escalated to billing for reversal.',
        outcome: 'escalated',
      },
      {
        intent: 'account_access',
        tags: ['account', 'password'],
        turns: [
          ['c', 'I cannot log in to my account, it says my password is wrong.'],
          ['a', 'No problem. For security I will send a password reset link to the email address on file.'],
          ['c', 'Thanks, I received it and it works now.'],
        ],
        summary: 'Login problem solved with a password reset link.',
        outcome: 'resolved',
      },
      {
        intent: 'cancellation',
        tags: ['subscription', 'cancellation', 'retention'],
        turns: [
          ['c', 'I would like to cancel my subscription, it has become too expensive.'],
          ['a', 'I am sorry to hear that. I can offer you three months at half price if you stay with us.'],
          ['c', 'Hmm, all right, I will accept the discount offer.'],
        ],
        summary: 'Customer wanted to cancel the subscription; accepted a retention discount of 50% for three months.',
        outcome: 'retained',
      },
    ],
  },
  fr: {
    country: '+33',
    greeting: 'Bonjour, ici Nova, l’assistante virtuelle de Brightline. Que puis-je faire pour vous ?',
    transferLine: 'Je vous transfère à un conseiller qui va s’en occuper tout de suite.',
    humanLine: 'Bonjour {name}, Camille du service client. J’ai votre dossier sous les yeux.',
    closing: 'Puis-je faire autre chose pour vous ? Excellente journée.',
    missedLine: 'Appel manqué : l’appelant a raccroché avant la réponse de l’agent.',
    droppedLine: 'Appel coupé : erreur réseau chez l’opérateur.',
    queuedLine: 'Transféré dans la file d’attente des conseillers.',
    failedSummary: 'Appel coupé peu après l’accueil ; demande non traitée.',
    firstNames: ['Élodie', 'François', 'Hélène', 'Jérôme', 'Anaïs', 'Loïc', 'Cécile', 'Mathéo'],
    womenFirstNames: ['Élodie', 'Hélène', 'Anaïs', 'Cécile'],
    customer: { f: { e: 'e', the_customer: 'la cliente', customer: 'cliente' }, m: { e: '', the_customer: 'le client', customer: 'client' } },
    lastNames: ['Martin', 'Lefèvre', 'Dubois', 'Bérard', 'Moreau', 'Girard', 'Faÿ'],
    products: [
      { product: 'machine à café', your_product: 'Votre machine à café', the_product: 'la machine à café', of_the_product: 'de la machine à café', my_product: 'ma machine à café', pe: 'e' },
      { product: 'aspirateur sans fil', your_product: 'Votre aspirateur sans fil', the_product: 'l’aspirateur sans fil', of_the_product: 'de l’aspirateur sans fil', my_product: 'mon aspirateur sans fil', pe: '' },
      { product: 'réfrigérateur', your_product: 'Votre réfrigérateur', the_product: 'le réfrigérateur', of_the_product: 'du réfrigérateur', my_product: 'mon réfrigérateur', pe: '' },
      { product: 'casque audio', your_product: 'Votre casque audio', the_product: 'le casque audio', of_the_product: 'du casque audio', my_product: 'mon casque audio', pe: '' },
      { product: 'enceinte connectée', your_product: 'Votre enceinte connectée', the_product: 'l’enceinte connectée', of_the_product: 'de l’enceinte connectée', my_product: 'mon enceinte connectée', pe: 'e' },
    ],
    cities: ['Paris', 'Lyon', 'Marseille', 'Besançon', 'Orléans', 'Nîmes'],
    days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'],
    scripts: [
      {
        intent: 'order_status',
        tags: ['livraison', 'commande'],
        turns: [
          ['c', 'Bonjour, ma commande {order} n’est toujours pas arrivée, la livraison était prévue {day}.'],
          ['a', 'Je suis désolée pour ce retard. Je vérifie la commande {order}.'],
          ['a', '{your_product} a quitté l’entrepôt hier ; le transporteur prévoit la livraison à {city} demain matin.'],
          ['c', 'Très bien, pouvez-vous m’envoyer le lien de suivi par SMS ?'],
          ['a', 'C’est fait, le lien de suivi vient d’être envoyé.'],
        ],
        summary: 'Retard de livraison de la commande {order} ({product}) : livraison confirmée demain à {city}, lien de suivi envoyé.',
        outcome: 'resolved',
      },
      {
        intent: 'refund',
        tags: ['remboursement', 'facturation'],
        turns: [
          ['c', 'J’ai renvoyé {the_product} il y a deux semaines et je n’ai toujours pas été remboursé{e}.'],
          ['a', 'Je peux vous aider. Quel est le numéro de commande, s’il vous plaît ?'],
          ['c', 'C’est la commande {order}.'],
          ['a', 'Merci. Le retour a été reçu {day} et un remboursement de {amount} euros a été effectué sur votre carte bancaire. Comptez cinq jours ouvrés.'],
        ],
        summary: 'Remboursement {of_the_product} retourné{pe} (commande {order}) : {amount} € déjà remboursés, délai de 5 jours ouvrés.',
        outcome: 'resolved',
      },
      {
        intent: 'appointment',
        tags: ['rendez-vous', 'réservation'],
        turns: [
          ['c', 'Je voudrais prendre rendez-vous avec un technicien pour l’installation de {my_product}.'],
          ['a', 'Bien sûr. Nous avons des créneaux {day} matin ou après-midi à {city}. Que préférez-vous ?'],
          ['c', 'L’après-midi, ce serait parfait.'],
          ['a', 'C’est réservé : votre rendez-vous d’installation est confirmé {day} après-midi. Vous recevrez un e-mail de confirmation.'],
        ],
        summary: 'Réservation d’un rendez-vous d’installation ({product}) {day} après-midi à {city}.',
        outcome: 'booked',
      },
      {
        intent: 'billing_dispute',
        tags: ['facturation', 'facture', 'réclamation'],
        turns: [
          ['c', 'On m’a prélevé deux fois la même facture ce mois-ci, c’est inadmissible.'],
          ['a', 'Je comprends votre mécontentement. Je vois bien deux prélèvements de {amount} euros.'],
          ['c', 'Je veux que le prélèvement en double soit annulé tout de suite.'],
          ['a', 'Un conseiller du service facturation doit valider l’annulation.'],
        ],
        summary: 'Double prélèvement de {amount} € sur la facture mensuelle ; {customer} mécontent{e}, transféré{e} au service facturation.',
        outcome: 'escalated',
      },
      {
        intent: 'account_access',
        tags: ['compte', 'mot de passe'],
        turns: [
          ['c', 'Je n’arrive plus à me connecter à mon espace client, le mot de passe est refusé.'],
          ['a', 'Pas de souci. Par sécurité, je vous envoie un lien de réinitialisation à votre adresse e-mail.'],
          ['c', 'Merci, je l’ai reçu et ça fonctionne.'],
        ],
        summary: 'Problème de connexion réglé par un lien de réinitialisation du mot de passe.',
        outcome: 'resolved',
      },
      {
        intent: 'cancellation',
        tags: ['abonnement', 'résiliation', 'fidélisation'],
        turns: [
          ['c', 'Je souhaite résilier mon abonnement, il est devenu trop cher.'],
          ['a', 'Je regrette de l’entendre. Je peux vous proposer trois mois à moitié prix si vous restez.'],
          ['c', 'Bon, d’accord, j’accepte la réduction.'],
        ],
        summary: 'Demande de résiliation de l’abonnement ; {the_customer} a accepté une remise de 50 % pendant trois mois.',
        outcome: 'retained',
      },
    ],
  },
  de: {
    country: '+49',
    greeting: 'Guten Tag, hier ist Nova, die virtuelle Assistentin von Brightline. Wie kann ich helfen?',
    transferLine: 'Ich verbinde Sie mit einem Kollegen, der sich sofort darum kümmert.',
    humanLine: 'Hallo {name}, hier ist Jonas vom Kundenservice. Ich habe Ihre Unterlagen vor mir.',
    closing: 'Kann ich sonst noch etwas für Sie tun? Einen schönen Tag noch.',
    missedLine: 'Verpasster Anruf: Der Anrufer hat aufgelegt, bevor der Agent antwortete.',
    droppedLine: 'Verbindung abgebrochen: Netzfehler beim Netzbetreiber.',
    queuedLine: 'An die Warteschlange des Kundenservice übergeben.',
    failedSummary: 'Verbindung kurz nach der Begrüßung abgebrochen; Anliegen nicht bearbeitet.',
    firstNames: ['Jürgen', 'Märta', 'Sören', 'Lena', 'Björn', 'Käthe', 'Lukas'],
    womenFirstNames: ['Märta', 'Lena', 'Käthe'],
    customer: { f: { customer: 'Kundin', angry_customer: 'verärgerte Kundin' }, m: { customer: 'Kunde', angry_customer: 'verärgerter Kunde' } },
    lastNames: ['Müller', 'Schröder', 'Weiß', 'Köhler', 'Becker', 'Groß'],
    products: [
      { product: 'Kaffeemaschine', the_product: 'die Kaffeemaschine', your_product: 'Ihre Kaffeemaschine', of_my_product: 'meiner Kaffeemaschine', the_returned_product: 'die zurückgeschickte Kaffeemaschine' },
      { product: 'Waschmaschine', the_product: 'die Waschmaschine', your_product: 'Ihre Waschmaschine', of_my_product: 'meiner Waschmaschine', the_returned_product: 'die zurückgeschickte Waschmaschine' },
      { product: 'Kopfhörer', the_product: 'den Kopfhörer', your_product: 'Ihr Kopfhörer', of_my_product: 'meines Kopfhörers', the_returned_product: 'den zurückgeschickten Kopfhörer' },
      { product: 'Staubsauger', the_product: 'den Staubsauger', your_product: 'Ihr Staubsauger', of_my_product: 'meines Staubsaugers', the_returned_product: 'den zurückgeschickten Staubsauger' },
      { product: 'Geschirrspüler', the_product: 'den Geschirrspüler', your_product: 'Ihr Geschirrspüler', of_my_product: 'meines Geschirrspülers', the_returned_product: 'den zurückgeschickten Geschirrspüler' },
    ],
    cities: ['München', 'Köln', 'Düsseldorf', 'Nürnberg', 'Berlin'],
    days: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'],
    scripts: [
      {
        intent: 'order_status',
        tags: ['lieferung', 'bestellung'],
        turns: [
          ['c', 'Guten Tag, meine Bestellung {order} ist noch nicht angekommen, die Lieferung war für {day} angekündigt.'],
          ['a', 'Das tut mir leid. Ich prüfe die Bestellung {order}.'],
          ['a', '{your_product} hat gestern unser Lager verlassen, die Zustellung in {city} ist für morgen Vormittag geplant.'],
          ['c', 'Können Sie mir den Link zur Sendungsverfolgung schicken?'],
          ['a', 'Gern, der Link ist soeben per SMS unterwegs.'],
        ],
        summary: 'Verspätete Lieferung der Bestellung {order} ({product}): Zustellung morgen in {city} bestätigt, Link zur Sendungsverfolgung gesendet.',
        outcome: 'resolved',
      },
      {
        intent: 'refund',
        tags: ['rückerstattung', 'abrechnung'],
        turns: [
          ['c', 'Ich habe {the_product} vor zwei Wochen zurückgeschickt und noch keine Rückerstattung erhalten.'],
          ['a', 'Ich helfe Ihnen gern. Wie lautet die Bestellnummer?'],
          ['c', 'Die Nummer ist {order}.'],
          ['a', 'Danke. Die Rücksendung ist am {day} eingegangen, die Rückerstattung über {amount} Euro wurde veranlasst. Das dauert bis zu fünf Werktage.'],
        ],
        summary: 'Rückerstattung für {the_returned_product} (Bestellung {order}): {amount} € bereits erstattet.',
        outcome: 'resolved',
      },
      {
        intent: 'appointment',
        tags: ['termin', 'buchung'],
        turns: [
          ['c', 'Ich möchte einen Termin mit einem Techniker für die Montage {of_my_product} vereinbaren.'],
          ['a', 'Gern. Wir haben am {day} vormittags oder nachmittags Termine in {city} frei.'],
          ['c', 'Nachmittags passt mir gut.'],
          ['a', 'Ihr Termin ist für {day} nachmittags gebucht. Sie erhalten eine Bestätigung per E-Mail.'],
        ],
        summary: 'Montagetermin für {the_product} am {day} nachmittags in {city} gebucht.',
        outcome: 'booked',
      },
      {
        intent: 'billing_dispute',
        tags: ['abrechnung', 'rechnung', 'beschwerde'],
        turns: [
          ['c', 'Mir wurde diesen Monat dieselbe Rechnung zweimal abgebucht, das ist eine Frechheit.'],
          ['a', 'Ich verstehe Ihren Ärger. Ich sehe zwei Abbuchungen über {amount} Euro.'],
          ['c', 'Die doppelte Abbuchung muss sofort storniert werden.'],
          ['a', 'Die Stornierung muss ein Kollege aus der Buchhaltung freigeben.'],
        ],
        summary: 'Doppelte Abbuchung von {amount} € für die Monatsrechnung; {angry_customer}, an die Buchhaltung übergeben.',
        outcome: 'escalated',
      },
      {
        intent: 'account_access',
        tags: ['konto', 'passwort'],
        turns: [
          ['c', 'Ich kann mich nicht mehr in mein Kundenkonto einloggen, das Passwort wird abgelehnt.'],
          ['a', 'Kein Problem. Aus Sicherheitsgründen sende ich Ihnen einen Link zum Zurücksetzen an Ihre E-Mail-Adresse.'],
          ['c', 'Danke, es funktioniert wieder.'],
        ],
        summary: 'Anmeldeproblem mit einem Link zum Zurücksetzen des Passworts gelöst.',
        outcome: 'resolved',
      },
      {
        intent: 'cancellation',
        tags: ['abo', 'kündigung', 'kundenbindung'],
        turns: [
          ['c', 'Ich möchte mein Abo kündigen, es ist mir zu teuer geworden.'],
          ['a', 'Das bedaure ich. Ich kann Ihnen drei Monate zum halben Preis anbieten, wenn Sie bleiben.'],
          ['c', 'Na gut, dann nehme ich das Angebot an.'],
        ],
        summary: 'Kündigungswunsch für das Abo; {customer} nahm einen Rabatt von 50 % für drei Monate an.',
        outcome: 'retained',
      },
    ],
  },
  es: {
    country: '+34',
    greeting: 'Hola, soy Nova, la asistente virtual de Brightline. ¿En qué puedo ayudarle?',
    transferLine: 'Le paso con un compañero que lo revisará ahora mismo.',
    humanLine: 'Hola {name}, soy Lucía del servicio de atención al cliente. Tengo su expediente delante.',
    closing: '¿Puedo ayudarle en algo más? Que tenga un buen día.',
    missedLine: 'Llamada perdida: el cliente colgó antes de que respondiera el agente.',
    droppedLine: 'Llamada cortada: error de red del operador.',
    queuedLine: 'Transferida a la cola de agentes.',
    failedSummary: 'Llamada cortada poco después del saludo; sin resolver.',
    firstNames: ['José', 'María', 'Íñigo', 'Begoña', 'Martín', 'Lucía', 'Ramón'],
    womenFirstNames: ['María', 'Begoña', 'Lucía'],
    customer: { f: { the_customer: 'la cliente', o: 'a' }, m: { the_customer: 'el cliente', o: 'o' } },
    lastNames: ['García', 'Fernández', 'Muñoz', 'López', 'Pérez', 'Ibáñez'],
    products: [
      { product: 'cafetera', the_product: 'la cafetera', of_the_product: 'de la cafetera', my_product: 'mi cafetera', your_product_left: 'Su cafetera salió', of_the_returned_product: 'de la cafetera devuelta' },
      { product: 'aspiradora', the_product: 'la aspiradora', of_the_product: 'de la aspiradora', my_product: 'mi aspiradora', your_product_left: 'Su aspiradora salió', of_the_returned_product: 'de la aspiradora devuelta' },
      { product: 'lavadora', the_product: 'la lavadora', of_the_product: 'de la lavadora', my_product: 'mi lavadora', your_product_left: 'Su lavadora salió', of_the_returned_product: 'de la lavadora devuelta' },
      { product: 'auriculares', the_product: 'los auriculares', of_the_product: 'de los auriculares', my_product: 'mis auriculares', your_product_left: 'Sus auriculares salieron', of_the_returned_product: 'de los auriculares devueltos' },
      { product: 'televisor', the_product: 'el televisor', of_the_product: 'del televisor', my_product: 'mi televisor', your_product_left: 'Su televisor salió', of_the_returned_product: 'del televisor devuelto' },
    ],
    cities: ['Madrid', 'Barcelona', 'Sevilla', 'Málaga', 'Córdoba'],
    days: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes'],
    scripts: [
      {
        intent: 'order_status',
        tags: ['envío', 'pedido'],
        turns: [
          ['c', 'Hola, mi pedido {order} todavía no ha llegado, la entrega estaba prevista para el {day}.'],
          ['a', 'Lamento el retraso. Compruebo el pedido {order}.'],
          ['a', '{your_product_left} ayer del almacén y el transportista prevé la entrega en {city} mañana por la mañana.'],
          ['c', '¿Me puede enviar el enlace de seguimiento por SMS?'],
          ['a', 'Claro, acabo de enviarle el enlace de seguimiento.'],
        ],
        summary: 'Retraso en la entrega del pedido {order} ({product}): entrega confirmada mañana en {city}, enlace de seguimiento enviado.',
        outcome: 'resolved',
      },
      {
        intent: 'refund',
        tags: ['reembolso', 'facturación'],
        turns: [
          ['c', 'Devolví {the_product} hace dos semanas y todavía no he recibido el reembolso.'],
          ['a', 'Le ayudo con eso. ¿Me indica el número de pedido, por favor?'],
          ['c', 'Es el pedido {order}.'],
          ['a', 'Gracias. La devolución llegó el {day} y ya se emitió un reembolso de {amount} euros a su tarjeta. Puede tardar cinco días hábiles.'],
        ],
        summary: 'Reembolso {of_the_returned_product} (pedido {order}): {amount} € ya reembolsados.',
        outcome: 'resolved',
      },
      {
        intent: 'appointment',
        tags: ['cita', 'reserva'],
        turns: [
          ['c', 'Quisiera pedir cita con un técnico para instalar {my_product}.'],
          ['a', 'Por supuesto. Tenemos disponibilidad el {day} por la mañana o por la tarde en {city}.'],
          ['c', 'Por la tarde, por favor.'],
          ['a', 'Listo: su cita de instalación está reservada para el {day} por la tarde. Recibirá un correo de confirmación.'],
        ],
        summary: 'Cita de instalación {of_the_product} reservada para el {day} por la tarde en {city}.',
        outcome: 'booked',
      },
      {
        intent: 'billing_dispute',
        tags: ['facturación', 'factura', 'reclamación'],
        turns: [
          ['c', 'Me han cobrado dos veces la misma factura este mes, es inaceptable.'],
          ['a', 'Entiendo su molestia. Veo dos cargos de {amount} euros.'],
          ['c', 'Quiero que anulen el cargo duplicado ya.'],
          ['a', 'La anulación la tiene que aprobar un especialista de facturación.'],
        ],
        summary: 'Cargo duplicado de {amount} € en la factura mensual; cliente molest{o}, derivad{o} a facturación.',
        outcome: 'escalated',
      },
      {
        intent: 'account_access',
        tags: ['cuenta', 'contraseña'],
        turns: [
          ['c', 'No puedo entrar en mi cuenta, dice que la contraseña es incorrecta.'],
          ['a', 'No se preocupe. Por seguridad le envío un enlace para restablecer la contraseña a su correo.'],
          ['c', 'Gracias, ya funciona.'],
        ],
        summary: 'Problema de acceso resuelto con un enlace para restablecer la contraseña.',
        outcome: 'resolved',
      },
      {
        intent: 'cancellation',
        tags: ['suscripción', 'baja', 'retención'],
        turns: [
          ['c', 'Quiero darme de baja de la suscripción, se ha vuelto demasiado cara.'],
          ['a', 'Lo siento. Puedo ofrecerle tres meses a mitad de precio si se queda con nosotros.'],
          ['c', 'Vale, acepto el descuento.'],
        ],
        summary: 'Solicitud de baja de la suscripción; {the_customer} aceptó un descuento del 50 % durante tres meses.',
        outcome: 'retained',
      },
    ],
  },
  it: {
    country: '+39',
    greeting: 'Buongiorno, sono Nova, l’assistente virtuale di Brightline. Come posso aiutarla?',
    transferLine: 'La metto in contatto con un collega che se ne occuperà subito.',
    humanLine: 'Buongiorno {name}, sono Giulia del servizio clienti. Ho la sua pratica davanti a me.',
    closing: 'Posso fare altro per lei? Buona giornata.',
    missedLine: 'Chiamata persa: il chiamante ha riattaccato prima della risposta dell’agente.',
    droppedLine: 'Chiamata interrotta: errore di rete dell’operatore.',
    queuedLine: 'Trasferita alla coda degli operatori.',
    failedSummary: 'Chiamata interrotta subito dopo il saluto; nessuna soluzione.',
    firstNames: ['Niccolò', 'Chiara', 'Lucrezia', 'Mattia', 'Letizia', 'Nicolò'],
    womenFirstNames: ['Chiara', 'Lucrezia', 'Letizia'],
    customer: { f: { the_customer: 'la cliente', o: 'a' }, m: { the_customer: 'il cliente', o: 'o' } },
    lastNames: ['Rossi', 'Bianchi', 'Esposito', 'Ricci', 'Colombo', 'Fabbrì'],
    products: [
      { product: 'macchina del caffè', the_product: 'la macchina del caffè', my_product: 'la mia macchina del caffè', your_product_left: 'La sua macchina del caffè è partita', the_returned_product: 'la macchina del caffè restituita' },
      { product: 'lavatrice', the_product: 'la lavatrice', my_product: 'la mia lavatrice', your_product_left: 'La sua lavatrice è partita', the_returned_product: 'la lavatrice restituita' },
      { product: 'cuffie', the_product: 'le cuffie', my_product: 'le mie cuffie', your_product_left: 'Le sue cuffie sono partite', the_returned_product: 'le cuffie restituite' },
      { product: 'aspirapolvere', the_product: 'l’aspirapolvere', my_product: 'il mio aspirapolvere', your_product_left: 'Il suo aspirapolvere è partito', the_returned_product: 'l’aspirapolvere restituito' },
      { product: 'televisore', the_product: 'il televisore', my_product: 'il mio televisore', your_product_left: 'Il suo televisore è partito', the_returned_product: 'il televisore restituito' },
    ],
    cities: ['Milano', 'Roma', 'Torino', 'Forlì', 'Cantù'],
    days: ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì'],
    scripts: [
      {
        intent: 'order_status',
        tags: ['consegna', 'ordine'],
        turns: [
          ['c', 'Buongiorno, il mio ordine {order} non è ancora arrivato, la consegna era prevista per {day}.'],
          ['a', 'Mi dispiace per il ritardo. Controllo subito l’ordine {order}.'],
          ['a', '{your_product_left} ieri dal magazzino e il corriere prevede la consegna a {city} domani mattina.'],
          ['c', 'Mi può mandare il link di tracciamento via SMS?'],
          ['a', 'Certo, le ho appena inviato il link di tracciamento.'],
        ],
        summary: 'Ritardo di consegna dell’ordine {order} ({product}): consegna confermata domani a {city}, link di tracciamento inviato.',
        outcome: 'resolved',
      },
      {
        intent: 'refund',
        tags: ['rimborso', 'fatturazione'],
        turns: [
          ['c', 'Ho restituito {the_product} due settimane fa e non ho ancora ricevuto il rimborso.'],
          ['a', 'La aiuto volentieri. Mi può dare il numero d’ordine?'],
          ['c', 'È l’ordine {order}.'],
          ['a', 'Grazie. Il reso è arrivato {day} e il rimborso di {amount} euro è già stato emesso sulla sua carta. Possono servire cinque giorni lavorativi.'],
        ],
        summary: 'Rimborso per {the_returned_product} (ordine {order}): {amount} € già rimborsati.',
        outcome: 'resolved',
      },
      {
        intent: 'appointment',
        tags: ['appuntamento', 'prenotazione'],
        turns: [
          ['c', 'Vorrei fissare un appuntamento con un tecnico per installare {my_product}.'],
          ['a', 'Certamente. Abbiamo disponibilità {day} mattina o pomeriggio a {city}.'],
          ['c', 'Il pomeriggio va benissimo.'],
          ['a', 'Fatto: il suo appuntamento di installazione è prenotato per {day} pomeriggio. Riceverà un’e-mail di conferma.'],
        ],
        summary: 'Appuntamento di installazione ({product}) prenotato per {day} pomeriggio a {city}.',
        outcome: 'booked',
      },
      {
        intent: 'billing_dispute',
        tags: ['fatturazione', 'fattura', 'reclamo'],
        turns: [
          ['c', 'Mi avete addebitato due volte la stessa fattura questo mese, è inaccettabile.'],
          ['a', 'Capisco il suo disappunto. Vedo due addebiti di {amount} euro.'],
          ['c', 'Voglio che l’addebito doppio venga annullato subito.'],
          ['a', 'L’annullamento deve essere approvato da un collega dell’ufficio fatturazione.'],
        ],
        summary: 'Doppio addebito di {amount} € sulla fattura mensile; cliente scontent{o}, passat{o} all’ufficio fatturazione.',
        outcome: 'escalated',
      },
      {
        intent: 'account_access',
        tags: ['account', 'password'],
        turns: [
          ['c', 'Non riesco più ad accedere al mio account, la password risulta sbagliata.'],
          ['a', 'Nessun problema. Per sicurezza le invio un link per reimpostare la password al suo indirizzo e-mail.'],
          ['c', 'Grazie, adesso funziona.'],
        ],
        summary: 'Problema di accesso risolto con un link di reimpostazione della password.',
        outcome: 'resolved',
      },
      {
        intent: 'cancellation',
        tags: ['abbonamento', 'disdetta', 'fidelizzazione'],
        turns: [
          ['c', 'Vorrei disdire il mio abbonamento, è diventato troppo caro.'],
          ['a', 'Mi dispiace. Posso offrirle tre mesi a metà prezzo se resta con noi.'],
          ['c', 'Va bene, accetto lo sconto.'],
        ],
        summary: 'Richiesta di disdetta dell’abbonamento; {the_customer} ha accettato uno sconto del 50 % per tre mesi.',
        outcome: 'retained',
      },
    ],
  },
};
