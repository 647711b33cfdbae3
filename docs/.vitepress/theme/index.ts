// VitePress's default theme, with the guide's tables fitted to a phone's width (style.css).
import DefaultTheme from "vitepress/theme";
import "./style.css";

export default DefaultTheme;
