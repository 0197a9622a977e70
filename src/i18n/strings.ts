/**
 * The interface strings of the site, by language: the layout's (src/render/) and the browser
 * runtime's (client/, keys in src/shared/ui-strings.ts). Built in for English, German, French,
 * Spanish, Japanese, Simplified Chinese and Arabic; a project overrides or adds strings per locale
 * (`locales.<key>.strings` in docs.config.ts). A key a language lacks falls back to English.
 */
import { CLIENT_STRINGS, fill } from '../shared/ui-strings.js';

const en = {
  ...CLIENT_STRINGS,
  'search.button': 'Search',
  skip: 'Skip to content',
  'sidebar.label': 'Documentation',
  'toc.title': 'On this page',
  'page.edit': 'Edit this page',
  'page.markdown': 'View as Markdown',
  'page.prevNext': 'Previous and next pages',
  'page.prev': 'Previous',
  'page.next': 'Next',
  'notFound.title': 'Page not found',
  'notFound.text': 'There is no page at this address. It may have moved, or the link that brought you here has a typo.',
  'notFound.home': 'Go to the documentation home',
  'notFound.search': 'Search the documentation with the search box above (press {key}).',
  'language.menu': 'Language',
  'language.fallback': 'This page has not been translated into {language} yet: it is shown in {original}.',
  'version.menu': 'Version',
  'version.banner': 'These are the docs of version {version}.',
  'version.current': 'See this page in the current version',
  'version.next': 'Next',
  'page.updated': 'Last updated',
  'copy.code': 'Copy code',
  'feedback.question': 'Was this page helpful?',
  'feedback.yes': 'Yes',
  'feedback.no': 'No',
  'feedback.comment': 'Tell us more (optional)',
  'feedback.send': 'Send',
  'feedback.thanks': 'Thank you for your feedback.',
  'feedback.failed': 'Your feedback could not be sent. Please try again later.',
};

export type StringKey = keyof typeof en;
export type Strings = Record<StringKey, string>;

const de: Partial<Strings> = {
  'copy.done': 'Kopiert',
  'copy.manual': 'Strg+C drücken',
  'copy.button': 'Kopieren',
  'copy.code': 'Code kopieren',
  'drawer.open': 'Navigation öffnen',
  'drawer.close': 'Navigation schließen',
  'progress.label': 'Seite wird geladen',
  'theme.toDark': 'Zum dunklen Design wechseln',
  'theme.toLight': 'Zum hellen Design wechseln',
  'search.label': 'Suchen in der Dokumentation',
  'search.placeholder': 'Dokumentation durchsuchen',
  'search.close': ' (Suche schließen)',
  'search.results': 'Suchergebnisse',
  'search.help': '↑ ↓ zum Wählen, Enter zum Öffnen, Esc zum Schließen',
  'search.searching': 'Suche läuft…',
  'search.unavailable':
    'Die Suche ist nicht verfügbar: Ihr Index konnte nicht geladen werden. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  'search.loadFailed': 'Die Suche konnte nicht geladen werden. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  'search.count.one': '{n} Ergebnis',
  'search.count.other': '{n} Ergebnisse',
  'search.none': 'Keine Ergebnisse für „{query}“. Versuchen Sie eine kürzere Anfrage oder weniger Wörter.',
  'search.button': 'Suchen',
  skip: 'Zum Inhalt springen',
  'sidebar.label': 'Dokumentation',
  'toc.title': 'Auf dieser Seite',
  'page.edit': 'Diese Seite bearbeiten',
  'page.markdown': 'Als Markdown anzeigen',
  'page.prevNext': 'Vorherige und nächste Seite',
  'page.prev': 'Zurück',
  'page.next': 'Weiter',
  'notFound.title': 'Seite nicht gefunden',
  'notFound.text':
    'Unter dieser Adresse gibt es keine Seite. Vielleicht wurde sie verschoben, oder der Link enthält einen Tippfehler.',
  'notFound.home': 'Zur Startseite der Dokumentation',
  'notFound.search': 'Durchsuchen Sie die Dokumentation mit dem Suchfeld oben (Taste {key}).',
  'language.menu': 'Sprache',
  'language.fallback': 'Diese Seite ist noch nicht auf {language} übersetzt: Sie wird auf {original} angezeigt.',
  'version.menu': 'Version',
  'version.banner': 'Dies ist die Dokumentation der Version {version}.',
  'version.current': 'Diese Seite in der aktuellen Version ansehen',
  'version.next': 'Nächste Version',
  'page.updated': 'Zuletzt aktualisiert',
};

const fr: Partial<Strings> = {
  'copy.done': 'Copié',
  'copy.manual': 'Appuyez sur Ctrl+C',
  'copy.button': 'Copier',
  'copy.code': 'Copier le code',
  'drawer.open': 'Ouvrir la navigation',
  'drawer.close': 'Fermer la navigation',
  'progress.label': 'Chargement de la page',
  'theme.toDark': 'Passer au thème sombre',
  'theme.toLight': 'Passer au thème clair',
  'search.label': 'Rechercher dans la documentation',
  'search.placeholder': 'Rechercher dans la doc',
  'search.close': ' (fermer la recherche)',
  'search.results': 'Résultats de recherche',
  'search.help': '↑ ↓ pour choisir, Entrée pour ouvrir, Échap pour fermer',
  'search.searching': 'Recherche…',
  'search.unavailable':
    'La recherche est indisponible : son index n’a pas pu être chargé. Vérifiez votre connexion et réessayez.',
  'search.loadFailed': 'La recherche n’a pas pu être chargée. Vérifiez votre connexion et réessayez.',
  'search.count.one': '{n} résultat',
  'search.count.other': '{n} résultats',
  'search.none': 'Aucun résultat pour « {query} ». Essayez une requête plus courte ou moins de mots.',
  'search.button': 'Rechercher',
  skip: 'Aller au contenu',
  'sidebar.label': 'Documentation',
  'toc.title': 'Sur cette page',
  'page.edit': 'Modifier cette page',
  'page.markdown': 'Voir en Markdown',
  'page.prevNext': 'Pages précédente et suivante',
  'page.prev': 'Précédent',
  'page.next': 'Suivant',
  'notFound.title': 'Page introuvable',
  'notFound.text':
    'Aucune page à cette adresse. Elle a peut-être été déplacée, ou le lien qui vous a mené ici contient une faute de frappe.',
  'notFound.home': 'Aller à l’accueil de la documentation',
  'notFound.search': 'Cherchez dans la documentation avec le champ de recherche ci-dessus (touche {key}).',
  'language.menu': 'Langue',
  'language.fallback': 'Cette page n’est pas encore traduite en {language} : elle est affichée en {original}.',
  'version.menu': 'Version',
  'version.banner': 'Ceci est la documentation de la version {version}.',
  'version.current': 'Voir cette page dans la version actuelle',
  'version.next': 'Version suivante',
  'page.updated': 'Dernière mise à jour',
};

const es: Partial<Strings> = {
  'copy.done': 'Copiado',
  'copy.manual': 'Pulsa Ctrl+C',
  'copy.button': 'Copiar',
  'copy.code': 'Copiar el código',
  'drawer.open': 'Abrir la navegación',
  'drawer.close': 'Cerrar la navegación',
  'progress.label': 'Cargando la página',
  'theme.toDark': 'Cambiar al tema oscuro',
  'theme.toLight': 'Cambiar al tema claro',
  'search.label': 'Buscar en la documentación',
  'search.placeholder': 'Buscar en la documentación',
  'search.close': ' (cerrar la búsqueda)',
  'search.results': 'Resultados de la búsqueda',
  'search.help': '↑ ↓ para moverse, Intro para abrir, Esc para cerrar',
  'search.searching': 'Buscando…',
  'search.unavailable':
    'La búsqueda no está disponible: no se pudo cargar su índice. Comprueba la conexión e inténtalo de nuevo.',
  'search.loadFailed': 'No se pudo cargar la búsqueda. Comprueba la conexión e inténtalo de nuevo.',
  'search.count.one': '{n} resultado',
  'search.count.other': '{n} resultados',
  'search.none': 'No hay resultados para «{query}». Prueba con una consulta más corta o con menos palabras.',
  'search.button': 'Buscar',
  skip: 'Saltar al contenido',
  'sidebar.label': 'Documentación',
  'toc.title': 'En esta página',
  'page.edit': 'Editar esta página',
  'page.markdown': 'Ver como Markdown',
  'page.prevNext': 'Páginas anterior y siguiente',
  'page.prev': 'Anterior',
  'page.next': 'Siguiente',
  'notFound.title': 'Página no encontrada',
  'notFound.text':
    'No hay ninguna página en esta dirección. Puede que se haya movido o que el enlace que te trajo tenga una errata.',
  'notFound.home': 'Ir al inicio de la documentación',
  'notFound.search': 'Busca en la documentación con el cuadro de búsqueda de arriba (tecla {key}).',
  'language.menu': 'Idioma',
  'language.fallback': 'Esta página aún no está traducida al {language}: se muestra en {original}.',
  'version.menu': 'Versión',
  'version.banner': 'Esta es la documentación de la versión {version}.',
  'version.current': 'Ver esta página en la versión actual',
  'version.next': 'Próxima versión',
  'page.updated': 'Última actualización',
};

const ja: Partial<Strings> = {
  'copy.done': 'コピーしました',
  'copy.manual': 'Ctrl+C を押してください',
  'copy.button': 'コピー',
  'copy.code': 'コードをコピー',
  'drawer.open': 'ナビゲーションを開く',
  'drawer.close': 'ナビゲーションを閉じる',
  'progress.label': 'ページを読み込み中',
  'theme.toDark': 'ダークテーマに切り替え',
  'theme.toLight': 'ライトテーマに切り替え',
  'search.label': 'ドキュメントを検索',
  'search.placeholder': 'ドキュメントを検索',
  'search.close': '（検索を閉じる）',
  'search.results': '検索結果',
  'search.help': '↑ ↓ で移動、Enter で開く、Esc で閉じる',
  'search.searching': '検索中…',
  'search.unavailable':
    '検索を利用できません。インデックスを読み込めませんでした。接続を確認してもう一度お試しください。',
  'search.loadFailed': '検索を読み込めませんでした。接続を確認してもう一度お試しください。',
  'search.count.one': '{n} 件',
  'search.count.other': '{n} 件',
  'search.none': '「{query}」に一致する結果はありません。短い語句や少ない単語でお試しください。',
  'search.button': '検索',
  skip: '本文へスキップ',
  'sidebar.label': 'ドキュメント',
  'toc.title': 'このページの内容',
  'page.edit': 'このページを編集',
  'page.markdown': 'Markdown で表示',
  'page.prevNext': '前後のページ',
  'page.prev': '前へ',
  'page.next': '次へ',
  'notFound.title': 'ページが見つかりません',
  'notFound.text': 'このアドレスにページはありません。移動したか、リンクに誤りがある可能性があります。',
  'notFound.home': 'ドキュメントのトップへ',
  'notFound.search': '上の検索ボックスでドキュメントを検索してください（{key} キー）。',
  'language.menu': '言語',
  'language.fallback': 'このページはまだ{language}に翻訳されていません。{original}で表示しています。',
  'version.menu': 'バージョン',
  'version.banner': 'これはバージョン{version}のドキュメントです。',
  'version.current': '現在のバージョンでこのページを見る',
  'version.next': '次のバージョン',
  'page.updated': '最終更新',
};

const zhCN: Partial<Strings> = {
  'copy.done': '已复制',
  'copy.manual': '请按 Ctrl+C',
  'copy.button': '复制',
  'copy.code': '复制代码',
  'drawer.open': '打开导航',
  'drawer.close': '关闭导航',
  'progress.label': '正在加载页面',
  'theme.toDark': '切换到深色主题',
  'theme.toLight': '切换到浅色主题',
  'search.label': '搜索文档',
  'search.placeholder': '搜索文档',
  'search.close': '（关闭搜索）',
  'search.results': '搜索结果',
  'search.help': '↑ ↓ 移动，Enter 打开，Esc 关闭',
  'search.searching': '正在搜索…',
  'search.unavailable': '搜索不可用：无法加载搜索索引。请检查网络连接后重试。',
  'search.loadFailed': '无法加载搜索。请检查网络连接后重试。',
  'search.count.one': '{n} 个结果',
  'search.count.other': '{n} 个结果',
  'search.none': '没有找到“{query}”的结果。请尝试更短的查询或更少的词。',
  'search.button': '搜索',
  skip: '跳到正文',
  'sidebar.label': '文档',
  'toc.title': '本页内容',
  'page.edit': '编辑此页',
  'page.markdown': '以 Markdown 查看',
  'page.prevNext': '上一页和下一页',
  'page.prev': '上一页',
  'page.next': '下一页',
  'notFound.title': '找不到页面',
  'notFound.text': '此地址没有页面。它可能已被移动，或者链接有拼写错误。',
  'notFound.home': '前往文档首页',
  'notFound.search': '使用上方的搜索框搜索文档（按 {key} 键）。',
  'language.menu': '语言',
  'language.fallback': '此页面尚未翻译为{language}，现以{original}显示。',
  'version.menu': '版本',
  'version.banner': '这是{version}版本的文档。',
  'version.current': '查看此页面的当前版本',
  'version.next': '下一版本',
  'page.updated': '最后更新',
};

const ar: Partial<Strings> = {
  'copy.done': 'تم النسخ',
  'copy.manual': 'اضغط Ctrl+C',
  'copy.button': 'نسخ',
  'copy.code': 'نسخ الشيفرة',
  'drawer.open': 'فتح التنقل',
  'drawer.close': 'إغلاق التنقل',
  'progress.label': 'جارٍ تحميل الصفحة',
  'theme.toDark': 'التبديل إلى السمة الداكنة',
  'theme.toLight': 'التبديل إلى السمة الفاتحة',
  'search.label': 'بحث في التوثيق',
  'search.placeholder': 'ابحث في التوثيق',
  'search.close': ' (إغلاق البحث)',
  'search.results': 'نتائج البحث',
  'search.help': '↑ ↓ للتنقل، Enter للفتح، Esc للإغلاق',
  'search.searching': 'جارٍ البحث…',
  'search.unavailable': 'البحث غير متاح: تعذّر تحميل فهرسه. تحقّق من الاتصال وحاول مرة أخرى.',
  'search.loadFailed': 'تعذّر تحميل البحث. تحقّق من الاتصال وحاول مرة أخرى.',
  'search.count.one': 'نتيجة واحدة',
  'search.count.other': '{n} نتائج',
  'search.none': 'لا نتائج لـ «{query}». جرّب استعلامًا أقصر أو كلمات أقل.',
  'search.button': 'بحث',
  skip: 'انتقل إلى المحتوى',
  'sidebar.label': 'التوثيق',
  'toc.title': 'في هذه الصفحة',
  'page.edit': 'حرّر هذه الصفحة',
  'page.markdown': 'اعرض بصيغة Markdown',
  'page.prevNext': 'الصفحتان السابقة والتالية',
  'page.prev': 'السابق',
  'page.next': 'التالي',
  'notFound.title': 'الصفحة غير موجودة',
  'notFound.text': 'لا توجد صفحة في هذا العنوان. ربما نُقلت، أو أن الرابط الذي أوصلك إلى هنا فيه خطأ مطبعي.',
  'notFound.home': 'اذهب إلى الصفحة الرئيسية للتوثيق',
  'notFound.search': 'ابحث في التوثيق بمربع البحث في الأعلى (اضغط {key}).',
  'language.menu': 'اللغة',
  'language.fallback': 'لم تُترجم هذه الصفحة إلى {language} بعد: تُعرض بـ{original}.',
  'version.menu': 'الإصدار',
  'version.banner': 'هذه وثائق الإصدار {version}.',
  'version.current': 'اعرض هذه الصفحة في الإصدار الحالي',
  'version.next': 'الإصدار التالي',
  'page.updated': 'آخر تحديث',
};

/** Built-in tables by language subtag ("de"), or by language and script or region ("zh-CN"). */
export const BUILT_IN: Record<string, Partial<Strings>> = { en, de, fr, es, ja, 'zh-CN': zhCN, zh: zhCN, ar };

/** The languages with a built-in table, for the README and tests. */
export const BUILT_IN_LANGUAGES = ['en', 'de', 'fr', 'es', 'ja', 'zh-CN', 'ar'];

/** The built-in table for a BCP 47 tag: "de-AT" takes "de", "zh-Hans-CN" takes "zh". */
function builtIn(lang: string): Partial<Strings> {
  const parts = lang.split('-');
  for (let n = parts.length; n > 0; n--) {
    const tag = parts.slice(0, n).join('-');
    const found = Object.entries(BUILT_IN).find(([key]) => key.toLowerCase() === tag.toLowerCase());
    if (found) return found[1];
  }
  return {};
}

/** The strings of a language: the built-in table over English, then the project's own. */
export function stringsFor(lang: string, overrides: Partial<Record<string, string>> = {}): Strings {
  return { ...en, ...builtIn(lang), ...overrides } as Strings;
}

/** The English strings: what a single-language English site shows, unchanged. */
export const ENGLISH: Strings = en;

export type Translate = (key: StringKey, values?: Record<string, string | number>) => string;

export function translator(strings: Strings): Translate {
  return (key, values) => (values ? fill(strings[key], values) : strings[key]);
}

/** Keys a project may override: unknown ones are a configuration error. */
export const STRING_KEYS = Object.keys(en) as StringKey[];
